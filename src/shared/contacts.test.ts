import { describe, expect, it } from 'vitest';
import { maskAddressesIn } from './contacts';

describe('maskAddressesIn', () => {
  it('masks every address a mail server names, in any case, and the recipient name standing alone', () => {
    const recipient = 'j.doe@paper.example';
    const cases: Array<[string, string]> = [
      ['550 5.1.1 <J.Doe@Paper.example>: Recipient address rejected', '550 5.1.1 <J•••••@•••••.example>: Recipient address rejected'],
      ['550 j.doe... User unknown', '550 •••••... User unknown'],
      ['551 User not local; please try <desk@other.example>', '551 User not local; please try <d•••••@•••••.example>'],
      ['550 mailbox "j.doe@paper.example" full', '550 mailbox "j•••••@•••••.example" full'],
      ['421 Service not available', '421 Service not available'],
    ];
    for (const [text, masked] of cases) expect(maskAddressesIn(text, recipient)).toBe(masked);
  });

  it('leaves words that merely contain the recipient name alone', () => {
    expect(maskAddressesIn('550 Mailbox unavailable (info desk closed)', 'in@paper.example')).toBe('550 Mailbox unavailable (info desk closed)');
  });
});
