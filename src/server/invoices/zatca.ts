/**
 * ZATCA's simplified QR code (phase 1): Base64 of five TLV fields, each a one-byte tag, a one-byte length
 * and the UTF-8 value. Written here because it is five lines of byte layout and no maintained library
 * does only this.
 */
export type ZatcaFields = { sellerName: string; vatNumber: string; timestamp: string; total: string; vat: string };

export function zatcaQr(fields: ZatcaFields): string {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.total, fields.vat];
  const parts = values.map((value, index) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 255) throw new RangeError(`ZATCA field ${index + 1} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([index + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

/** The fields back from a QR payload: how tests and the PDF check read it. */
export function readZatcaQr(base64: string): ZatcaFields {
  const bytes = Buffer.from(base64, 'base64');
  const values: string[] = [];
  for (let at = 0; at < bytes.length; ) {
    const length = bytes[at + 1];
    values[bytes[at] - 1] = bytes.subarray(at + 2, at + 2 + length).toString('utf8');
    at += 2 + length;
  }
  const [sellerName, vatNumber, timestamp, total, vat] = values;
  return { sellerName, vatNumber, timestamp, total, vat };
}
