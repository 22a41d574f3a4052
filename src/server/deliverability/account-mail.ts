import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { suppress } from '../suppressions/suppressions.service.js';
import type { MailSigning } from '../mail/transport.js';
import { SIGNED_HEADER_FIELDS, loadDkimKey } from './dkim.js';
import type { ServerReport } from './reports.js';
import { accountBounceAddress, isAddressOfHash } from './verp.js';

/**
 * Account mail (verification, password reset, address change, receipts, review and coverage notices) is
 * signed with the release mail's DKIM key and sent from `bounces+a{hash}.{mac}@BOUNCE_DOMAIN`, so its
 * bounces reach the inbound listener and say which address failed (decision 015).
 */
export async function accountMailSigning(db: Db, config: Config): Promise<MailSigning> {
  const secret = await ensureAppSecret({ db, config });
  const key = await loadDkimKey(db, config);
  return {
    envelopeFrom: (to) => accountBounceAddress(to, secret, config.bounceDomain),
    dkim: {
      domainName: key.domain,
      keySelector: key.selector,
      privateKey: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      headerFieldNames: SIGNED_HEADER_FIELDS,
    },
  };
}

const ADDRESSES = /[^\s<>"'(),;:[\]]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

/**
 * A report that came back to an account mail's bounce address: a hard bounce about the address the
 * bounce address names suppresses it for release and newsroom mail (reason 'bounced', no release), as a
 * release bounce would; an admin can lift it. Account mail itself still goes out when a person asks for
 * it. A delay, a soft bounce or a report about another address changes nothing.
 */
export async function applyAccountBounce(db: Db, hash: string, report: ServerReport, raw: Buffer): Promise<{ applied: string } | { ignored: string }> {
  if (report.type !== 'bounce') return { ignored: 'not a bounce' };
  const named = report.recipients.find((r) => r.address && isAddressOfHash(r.address, hash));
  // A plain-text bounce names no recipient field: the address is then somewhere in the server's words.
  const unnamed = report.recipients.find((r) => !r.address);
  const inText = unnamed && [...new Set(raw.toString('latin1').match(ADDRESSES) ?? [])].find((a) => isAddressOfHash(a, hash));
  const about = named ? { email: named.address!, kind: named.kind } : inText ? { email: inText, kind: unnamed.kind } : undefined;
  if (!about) return { ignored: 'the bounce names no address this bounce address was made for' };
  if (about.kind !== 'hard') return { ignored: `a ${about.kind} bounce of ${about.email}` };
  await suppress(db, about.email, 'bounced');
  return { applied: `${about.email} bounced and is suppressed` };
}
