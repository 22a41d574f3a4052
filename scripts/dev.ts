import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Development mode: the API server restarts on change (tsx watch) on port 3000, and Vite serves the client
 * on port 5173 (on Preact, as production; an edit reloads the page), proxying /api, /t/, /u/ and /r/ to the server.
 * Open http://localhost:5173.
 */
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) stop(code);
  });
}

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts', 'web', '--no-client-build'], {
  // Links in emails point at the dev server, which proxies the server paths.
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
});
run('npx', ['vite', '--port', '5173', '--strictPort']);
