import { describe, expect, it } from 'vitest';
import { errorText } from './error-codes';
import { asClause } from './clause';

describe('a sentence inside a sentence', () => {
  it('drops its own closing full stops and keeps everything else', () => {
    expect(asClause('Unpaid invoice for billing.')).toBe('Unpaid invoice for billing');
    expect(asClause('  billing...  ')).toBe('billing');
    expect(asClause('فاتورة غير مدفوعة۔')).toBe('فاتورة غير مدفوعة');
    expect(asClause('v2.1 terms')).toBe('v2.1 terms');
    expect(asClause('Why?')).toBe('Why?');
  });

  it('reads with one full stop in the suspension message', () => {
    const message = errorText('WORKSPACE_SUSPENDED', { reason: asClause('billing.'), contact: 'help@nashr.test' });
    expect(message).toBe('This workspace is suspended: billing. Contact help@nashr.test to reactivate it.');
  });
});
