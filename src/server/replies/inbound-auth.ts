import { Resolver } from 'node:dns/promises';
import { authenticate } from 'mailauth';

/**
 * SPF and DMARC of the replier's domain (issue 38), checked by mailauth (postalsys's, which also signs and
 * verifies Nashr's own DKIM in tests) against DNS: the system's resolver, or DNS_RESOLVER's server. A reply
 * that fails is kept and shown flagged — a journalist's mail server misconfigured is still a journalist
 * answering — never dropped.
 */
export type ReplyAuth = { spf: string; dmarc: string; failed: boolean };

export type ReplyAuthOptions = {
  /** A DNS server to ask ("127.0.0.1:5353"); the system's when unset. */
  dnsResolver?: string;
  /** The name of the receiving host, as mailauth writes it into its results. */
  mta: string;
};

export function replyAuthenticator(options: ReplyAuthOptions) {
  const dns = new Resolver({ timeout: 2000, tries: 2 });
  if (options.dnsResolver) dns.setServers([options.dnsResolver]);
  const resolver = (name: string, type: string) => dns.resolve(name, type as 'TXT');
  return async function check(raw: Buffer, envelope: { ip: string; helo: string; sender: string }): Promise<ReplyAuth> {
    try {
      const result = await authenticate(raw, {
        ip: envelope.ip.replace(/^::ffff:/, ''),
        helo: envelope.helo,
        sender: envelope.sender,
        mta: options.mta,
        resolver,
        disableArc: true,
        disableBimi: true,
      });
      const spf = (result.spf && result.spf.status?.result) || 'none';
      const dmarc = (result.dmarc && result.dmarc.status?.result) || 'none';
      return { spf, dmarc, failed: isFailure(spf, dmarc) };
    } catch {
      // DNS that does not answer is no verdict on the replier: said so, and shown.
      return { spf: 'temperror', dmarc: 'temperror', failed: true };
    }
  };
}

/** DMARC decides when the domain publishes it; without it, an SPF fail (or softfail) is the failure. */
export function isFailure(spf: string, dmarc: string): boolean {
  if (dmarc !== 'none') return dmarc !== 'pass';
  return spf === 'fail' || spf === 'softfail' || spf === 'permerror';
}
