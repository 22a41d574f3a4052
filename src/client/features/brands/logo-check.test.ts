import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../shared/brands';
import { logoProblem } from './logo-check';

describe('logo check before upload', () => {
  it('takes PNG, JPEG and SVG up to the limit', () => {
    expect(logoProblem({ name: 'logo.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ name: 'logo.JPG', type: 'image/jpeg', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBeNull();
  });

  it('reads the extension when the browser gives no type', () => {
    expect(logoProblem({ name: 'logo.svg', type: '', size: 10 })).toBeNull();
    expect(logoProblem({ name: 'logo', type: '', size: 10 })).toBe('type');
  });

  it('refuses other types and files over 1 MB', () => {
    expect(logoProblem({ name: 'logo.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(logoProblem({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe('type');
    expect(logoProblem({ name: 'logo.png', type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe('size');
  });
});
