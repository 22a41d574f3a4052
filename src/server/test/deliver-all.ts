import type { Db } from '../db/client.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { finishIfDone } from '../releases/lifecycle.js';
import { startSmtpSink } from './smtp-sink.js';

/** Sends every queued delivery through the real engine to a fresh SMTP peer, with the clock `now`; answers what it received. */
export async function deliverAll(db: Db, options: { publicUrl: string; mailFrom: string; now: () => Date }) {
  const sink = await startSmtpSink();
  const transport = smtpDeliveryTransport(sink.url, 2);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db, transport, ...options }).drain();
  await transport.close();
  await sink.close();
  return sink.messages;
}
