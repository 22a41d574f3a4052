import type { DKIMResult } from 'mailauth';

/**
 * The header fields a verified signature covers, lower case (mailauth reports them, its typings do not):
 * what a receiver relies on, such as List-Unsubscribe-Post for one-click (RFC 8058 §4).
 */
export function signedFields(result: DKIMResult): string[] {
  const { signingHeaders } = result as DKIMResult & { signingHeaders: { keys: string } };
  return signingHeaders.keys.split(':').map((key) => key.trim().toLowerCase());
}
