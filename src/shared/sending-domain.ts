/** GET /api/admin/sending-domain (issue 14): the DNS records that let mailbox providers trust our mail. */
export type DnsRecordStatus = 'pass' | 'missing' | 'mismatch' | 'error';

export type SendingDomainRecord = {
  /** dkim | spf | dmarc | bounce-mx | reply-mx (journalists' replies, when REPLY_DOMAIN is not the bounce domain) */
  purpose: 'dkim' | 'spf' | 'dmarc' | 'bounce-mx' | 'reply-mx';
  type: 'TXT' | 'MX';
  name: string;
  value: string;
  status: DnsRecordStatus;
  /** What DNS answers now, when it answers something else. */
  found?: string;
};

/** `replyDomain`: where journalists' replies go (REPLY_DOMAIN); the bounce MX serves it when it is the bounce domain. */
export type SendingDomain = { domain: string; selector: string; bounceDomain: string; replyDomain: string; records: SendingDomainRecord[] };
