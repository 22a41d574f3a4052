import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { scratchDatabase } from './test-db.js';

/**
 * Real processes of the product (`node --import tsx src/server/main.ts web|worker`, what `npm start` and
 * `npm run worker` run) on a database of their own on a PostgreSQL server, for tests of how they work
 * together. PGlite is an in-process database that a second process cannot open.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function processDatabase(serverUrl: string, prefix: string): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const scratch = await scratchDatabase(serverUrl, prefix);
  const database = await openDatabase({ url: scratch.url });
  await migrate(database);
  return {
    url: scratch.url,
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Starts a process; `ready` resolves once its stdout shows `readyLine`. `tsx` in-process (node --import
 * tsx) rather than the tsx CLI, whose wrapper process would take a SIGKILL while the real one ran on.
 */
export function startProcess(role: 'web' | 'worker', env: Record<string, string>, readyLine: string, children: Set<ChildProcess>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', role], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000', DEMO_DATA: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const ready = new Promise<void>((resolve) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(readyLine)) resolve();
    });
  });
  return { child, ready };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

export async function killHard(child: ChildProcess): Promise<void> {
  const exit = exited(child);
  child.kill('SIGKILL');
  await exit;
}

/**
 * An SMTP peer that records each accepted message's recipients and envelope sender; connections reset by
 * killed processes are expected.
 */
export async function startRecordingSink() {
  const received: string[] = [];
  const senders: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    maxClients: 200,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        senders.push(session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    senders,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
