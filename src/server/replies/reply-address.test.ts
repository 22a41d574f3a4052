import { describe, expect, it } from 'vitest';
import { bounceAddress } from '../deliverability/verp.js';
import { deliveryOfReplyAddress, looksLikeReplyAddress, replyAddress } from './reply-address.js';

const SECRET = 'a-test-secret-of-some-length';

describe('reply addresses', () => {
  it('name their delivery, in any case, and nothing once altered', () => {
    const address = replyAddress(4217, SECRET, 'Reply.Nashr.test');
    expect(address).toMatch(/^r-4217\.[0-9a-f]{16}@reply\.nashr\.test$/);
    expect(deliveryOfReplyAddress(address, SECRET, 'reply.nashr.test')).toBe(4217);
    expect(deliveryOfReplyAddress(address.toUpperCase(), SECRET, 'reply.nashr.test')).toBe(4217);
    expect(deliveryOfReplyAddress(address.replace('r-4217', 'r-4218'), SECRET, 'reply.nashr.test')).toBeUndefined();
    expect(deliveryOfReplyAddress(address, 'another-secret-of-some-length', 'reply.nashr.test')).toBeUndefined();
    expect(deliveryOfReplyAddress(address, SECRET, 'other.test')).toBeUndefined();
    expect(looksLikeReplyAddress(address.replace(/\.[0-9a-f]+@/, '.0000000000000000@'), 'reply.nashr.test')).toBe(true);
  });

  it('are not made by a bounce address of the same delivery (a MAC of its own purpose)', () => {
    const bounceMac = /\.([0-9a-f]+)@/.exec(bounceAddress(4217, SECRET, 'reply.nashr.test'))![1];
    expect(deliveryOfReplyAddress(`r-4217.${bounceMac}@reply.nashr.test`, SECRET, 'reply.nashr.test')).toBeUndefined();
  });
});
