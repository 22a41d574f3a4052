import { Resolver } from 'node:dns/promises';
import type { SendingDomain, SendingDomainRecord } from '../../shared/sending-domain.js';
import { publicKeyRecord, type DkimKey } from './dkim.js';

/**
 * The records to publish for the sending domain, each checked against live DNS: the DKIM key, an SPF
 * policy, a DMARC policy, and the MX that brings bounces to our listener — and journalists' replies, or a
 * second MX for REPLY_DOMAIN when replies have a domain of their own (decision 028). SPF is asked of the bounce
 * domain: receivers check it on the envelope sender, and every envelope sender is bounces+…@BOUNCE_DOMAIN. A resolver address can be given
 * (DNS_RESOLVER), so tests ask a DNS server of their own.
 */
export async function sendingDomain(
  key: DkimKey,
  options: { bounceDomain: string; replyDomain?: string; inboundHost: string; resolver?: string },
): Promise<SendingDomain> {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (options.resolver) resolver.setServers([options.resolver]);
  const txt = (name: string) => resolver.resolveTxt(name).then((records) => records.map((chunks) => chunks.join('')));

  const replyDomain = options.replyDomain ?? options.bounceDomain;
  const dkimName = `${key.selector}._domainkey.${key.domain}`;
  const dkimValue = publicKeyRecord(key);
  const records = await Promise.all([
    checkTxt(txt, 'dkim', dkimName, dkimValue, (found) => keyOf(found) === keyOf(dkimValue), (found) => found.startsWith('v=DKIM1')),
    checkTxt(txt, 'spf', options.bounceDomain, 'v=spf1 mx a ~all', (found) => found.startsWith('v=spf1')),
    checkTxt(txt, 'dmarc', `_dmarc.${key.domain}`, `v=DMARC1; p=none; rua=mailto:dmarc@${key.domain}`, (found) => found.startsWith('v=DMARC1')),
    checkMx(resolver, 'bounce-mx', options.bounceDomain, options.inboundHost),
    ...(replyDomain !== options.bounceDomain ? [checkMx(resolver, 'reply-mx', replyDomain, options.inboundHost)] : []),
  ]);
  return { domain: key.domain, selector: key.selector, bounceDomain: options.bounceDomain, replyDomain, records };
}

const keyOf = (record: string) => /(?:^|;)\s*p=([^;]*)/.exec(record)?.[1].replace(/\s+/g, '');

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);
const isAbsent = (error: unknown) => NOT_FOUND.has((error as { code?: string }).code ?? '');
const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A TXT record: pass when one answers `matches`; mismatch when one of its kind (`isKind`) says something
 * else (a DKIM key of another pair, say); missing when none of its kind is there.
 */
async function checkTxt(
  txt: (name: string) => Promise<string[]>,
  purpose: SendingDomainRecord['purpose'],
  name: string,
  value: string,
  matches: (found: string) => boolean,
  isKind: (found: string) => boolean = matches,
): Promise<SendingDomainRecord> {
  const record = { purpose, type: 'TXT' as const, name, value };
  try {
    const found = await txt(name);
    if (found.some(matches)) return { ...record, status: 'pass' };
    const other = found.find(isKind);
    return other ? { ...record, status: 'mismatch', found: other } : { ...record, status: 'missing' };
  } catch (error) {
    return isAbsent(error) ? { ...record, status: 'missing' } : { ...record, status: 'error', found: failure(error) };
  }
}

async function checkMx(resolver: Resolver, purpose: 'bounce-mx' | 'reply-mx', domain: string, inboundHost: string): Promise<SendingDomainRecord> {
  const record = { purpose, type: 'MX' as const, name: domain, value: `10 ${inboundHost}` };
  try {
    const found = await resolver.resolveMx(domain);
    if (found.some((mx) => mx.exchange.toLowerCase().replace(/\.$/, '') === inboundHost.toLowerCase())) return { ...record, status: 'pass' };
    return found.length
      ? { ...record, status: 'mismatch', found: found.map((mx) => `${mx.priority} ${mx.exchange}`).join(', ') }
      : { ...record, status: 'missing' };
  } catch (error) {
    return isAbsent(error) ? { ...record, status: 'missing' } : { ...record, status: 'error', found: failure(error) };
  }
}
