/** GET /api/admin/sending-domain (issue 14): the DNS records that let mailbox providers trust our mail. */
export type DnsRecordStatus = 'pass' | 'missing' | 'mismatch' | 'error';

export type SendingDomainRecord = {
  /** dkim | spf | dmarc | bounce-mx */
  purpose: 'dkim' | 'spf' | 'dmarc' | 'bounce-mx';
  type: 'TXT' | 'MX';
  name: string;
  value: string;
  status: DnsRecordStatus;
  /** What DNS answers now, when it answers something else. */
  found?: string;
};

export type SendingDomain = { domain: string; selector: string; bounceDomain: string; records: SendingDomainRecord[] };
