import { describe, expect, it } from 'vitest';
import { readZatcaQr, zatcaQr } from './zatca.js';

/** ZATCA's published example of a simplified invoice's QR (E-invoicing guideline, phase 1). */
const PUBLISHED = {
  fields: { sellerName: 'Bobs Records', vatNumber: '310122393500003', timestamp: '2022-04-25T15:30:00Z', total: '1000.00', vat: '150.00' },
  qr: 'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
};

describe('ZATCA QR payload', () => {
  it('encodes the published example byte for byte', () => {
    expect(zatcaQr(PUBLISHED.fields)).toBe(PUBLISHED.qr);
  });

  it('reads the published example back into its five fields', () => {
    expect(readZatcaQr(PUBLISHED.qr)).toEqual(PUBLISHED.fields);
  });

  it('counts an Arabic name’s length in UTF-8 bytes, not characters', () => {
    const fields = { sellerName: 'نشر م.م.ح', vatNumber: '310234567800003', timestamp: '2026-11-26T20:00:00Z', total: '343.85', vat: '44.85' };
    const bytes = Buffer.from(zatcaQr(fields), 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength(fields.sellerName, 'utf8'));
    expect(bytes[1]).toBeGreaterThan(fields.sellerName.length);
    expect(readZatcaQr(zatcaQr(fields))).toEqual(fields);
  });

  it('refuses a field longer than one length byte can state', () => {
    expect(() => zatcaQr({ ...PUBLISHED.fields, sellerName: 'x'.repeat(256) })).toThrow(RangeError);
  });
});
