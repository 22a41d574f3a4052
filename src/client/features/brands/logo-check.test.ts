import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../shared/brands';
import { logoContentProblem, logoProblem } from './logo-check';

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

describe('logo bytes before upload, judged by the server’s rule', () => {
  const png = (width: number, height: number) => {
    const bytes = new Uint8Array(33);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(bytes.buffer).setUint32(16, width);
    new DataView(bytes.buffer).setUint32(20, height);
    bytes.set([8, 2, 0, 0, 0], 24);
    return new Blob([bytes]);
  };
  const svg = (body: string) => new Blob([`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`]);

  it('takes a PNG up to 4096 pixels a side and a plain SVG', async () => {
    expect(await logoContentProblem(png(4096, 200))).toBeNull();
    expect(await logoContentProblem(svg('<rect width="10" height="10" fill="#1d4ed8"/>'))).toBeNull();
  });

  it('refuses a larger PNG, an SVG holding what a logo may not, and bytes that are no image', async () => {
    expect(await logoContentProblem(png(12000, 12000))).toBe('pixels');
    expect(await logoContentProblem(svg('<style>@\\69mport url(https://evil.test/a.css);</style>'))).toBe('svg');
    expect(await logoContentProblem(svg('<use href="#a"><set attributeName="href" to="https://evil.test"/></use>'))).toBe('svg');
    expect(await logoContentProblem(new Blob(['just text']))).toBe('type');
  });
});
