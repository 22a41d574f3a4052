import { Counter } from 'prom-client';
import { processRegistry } from '../operations/metrics.js';

/** What the inbound listener took in as replies (by kind), and the forwards the account mailer sent. */
export const repliesReceived = new Counter({
  name: 'nashr_replies_received_total',
  help: "Inbound messages matched to a release's delivery, by kind (reply, auto_reply, left, bounce)",
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const repliesForwarded = new Counter({
  name: 'nashr_replies_forwarded_total',
  help: "Journalists' replies forwarded to a media contact or a brand's client",
  registers: [processRegistry],
});
