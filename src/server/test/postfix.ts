import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const POSTFIX = '/usr/sbin/postfix';
const POSTCONF = '/usr/sbin/postconf';

/**
 * A real Postfix (Debian's package) for tests that relay the product's mail through an MTA: an instance
 * of its own (config, queue and data directories in a temporary folder, no chroot, logging to a file),
 * taking mail on `port` from 127.0.0.1, passing it to `relayPort` (a test SMTP peer playing the remote
 * servers) and its own reports (bounces, delay warnings, expiries) for `bounceDomain` to `bouncePort`.
 * Times are shrunk so a delay warning and an expiry happen within seconds.
 */
export type PostfixOptions = {
  port: number;
  relayPort: number;
  bounceDomain: string;
  bouncePort: number;
  /** delay_warning_time, e.g. '4s' (0 for none). */
  delayWarning?: string;
  /** maximal_queue_lifetime, e.g. '12s'. */
  queueLifetime?: string;
};

export type PostfixInstance = { version: string; configDir: string; log: () => string; stop: () => Promise<void> };

export const postfixInstalled = () => fs.existsSync(POSTFIX) && process.getuid?.() === 0;

export async function startPostfix(options: PostfixOptions): Promise<PostfixInstance> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'nashr-postfix-'));
  const [configDir, queueDir, dataDir] = ['etc', 'spool', 'data'].map((d) => path.join(base, d));
  // Postfix's daemons run as the postfix user and must reach the queue.
  fs.chmodSync(base, 0o755);
  for (const dir of [configDir, queueDir, dataDir]) fs.mkdirSync(dir);
  fs.copyFileSync('/etc/postfix/master.cf', path.join(configDir, 'master.cf'));
  fs.writeFileSync(path.join(configDir, 'main.cf'), '');
  fs.writeFileSync(path.join(configDir, 'transport'), `${options.bounceDomain} smtp:[127.0.0.1]:${options.bouncePort}\n`);
  const logFile = path.join(base, 'postfix.log');
  const settings = {
    compatibility_level: '3.6',
    config_directory: configDir,
    queue_directory: queueDir,
    data_directory: dataDir,
    maillog_file: logFile,
    maillog_file_prefixes: base,
    myhostname: 'relay.nashr.test',
    mydomain: 'nashr.test',
    mydestination: '',
    inet_interfaces: '127.0.0.1',
    inet_protocols: 'ipv4',
    mynetworks: '127.0.0.0/8',
    relayhost: `[127.0.0.1]:${options.relayPort}`,
    transport_maps: `texthash:${path.join(configDir, 'transport')}`,
    smtp_dns_support_level: 'disabled',
    smtpd_relay_restrictions: 'permit_mynetworks, reject',
    // Shrunk queue times: a deferred message is retried every few seconds, warned about and expired.
    queue_run_delay: '2s',
    minimal_backoff_time: '2s',
    maximal_backoff_time: '4s',
    delay_warning_time: options.delayWarning ?? '0',
    maximal_queue_lifetime: options.queueLifetime ?? '5d',
    bounce_queue_lifetime: options.queueLifetime ?? '5d',
    smtp_connection_cache_on_demand: 'no',
  };
  await run(POSTCONF, ['-c', configDir, '-e', ...Object.entries(settings).map(([k, v]) => `${k}=${v}`)]);
  // master.cf: no chroot (the temporary queue has no copy of the system files) and the listener on our port.
  await run(POSTCONF, ['-c', configDir, '-F', '*/*/chroot=n']);
  await run(POSTCONF, ['-c', configDir, '-M', `127.0.0.1:${options.port}/inet=127.0.0.1:${options.port} inet n - n - - smtpd`]);
  await run(POSTCONF, ['-c', configDir, '-MX', 'smtp/inet']);
  await run(POSTCONF, ['-c', configDir, '-M', 'postlog/unix-dgram=postlog unix-dgram n - n - 1 postlogd']);
  await run('chown', ['postfix:', dataDir]);
  // check creates the queue's directories with their owners.
  await run(POSTFIX, ['-c', configDir, 'check']);
  await run(POSTFIX, ['-c', configDir, 'start']);
  const { stdout } = await run(POSTCONF, ['-c', configDir, '-h', 'mail_version']);
  return {
    version: stdout.trim(),
    configDir,
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    async stop() {
      await run(POSTFIX, ['-c', configDir, 'stop']).catch(() => undefined);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
