import { eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/brands.js';
import type { BrandId } from '../../shared/ids.js';
import { brandLogos } from '../db/schema.js';
import { multipartBody } from '../contacts/contacts-fixtures.js';
import { bilevelPng, jpegHeader, jpegImage, pngHeader, pngImage } from '../test/images.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A brand's logo keeps its promise (issue 35): an SVG is parsed as XML and held to an allow-list (CSS
 * escapes, animation of an href and an XHTML meta refresh got through the old check), and a PNG or JPEG
 * has its dimensions read: over 4096 a side is refused, over 1024 scaled down before any e-mail carries it.
 */

let t: TestApp;
let counter = 0;
const NS = 'xmlns="http://www.w3.org/2000/svg"';

const create = async () => {
  const res = await t.request({ method: 'POST', url: '/api/brands', as: 'owner', payload: { name: `Logo brand ${++counter}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().brand as Brand;
};
const upload = (brandId: BrandId, content: string | Buffer, filename = 'logo.svg') =>
  t.request({
    method: 'PUT',
    url: `/api/brands/${brandId}/logo`,
    as: 'owner',
    ...multipartBody(content, { filename, contentType: 'application/octet-stream', field: 'logo' }),
  });
const stored = async (brandId: BrandId) => (await t.db.select().from(brandLogos).where(eq(brandLogos.brandId, brandId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('owner', { companyName: 'Logo Agency', userType: 'active' });
}, 60_000);
afterAll(() => t?.close());

describe('an SVG logo', () => {
  it.each([
    ['a CSS-escaped @import in a style sheet', `<svg ${NS}><style>@\\69mport url(https://evil.test/a.css);</style><rect/></svg>`],
    ['any style sheet', `<svg ${NS}><style>.a{fill:red}</style><rect class="a"/></svg>`],
    ['a CSS-escaped url() in a style attribute', `<svg ${NS}><rect style="fill:u\\72l(https://evil.test/x)"/></svg>`],
    ['a CSS-escaped url() in a presentation attribute', `<svg ${NS}><rect fill="u\\72l(https://evil.test/x)"/></svg>`],
    ['a CSS comment splitting a word', `<svg ${NS}><rect style="fill:red/**/;x:y"/></svg>`],
    ['a style property that is not a presentation one', `<svg ${NS}><rect style="background-image:none"/></svg>`],
    ['an image-set() in a style', `<svg ${NS}><rect style="fill:image-set('https://evil.test/x.png' 1x)"/></svg>`],
    ['an animate rewriting an href', `<svg ${NS}><use href="#a"><animate attributeName="href" values="https://evil.test/a.svg#x"/></use></svg>`],
    ['a set rewriting an href', `<svg ${NS}><use href="#a"><set attributeName="href" to="javascript:alert(1)"/></use></svg>`],
    ['any animation', `<svg ${NS}><rect><animateTransform attributeName="transform" type="rotate"/></rect></svg>`],
    ['an XHTML meta refresh (prefixed)', `<svg ${NS} xmlns:h="http://www.w3.org/1999/xhtml"><h:meta http-equiv="refresh" content="0;url=https://evil.test"/></svg>`],
    ['an XHTML meta refresh (default namespace)', `<svg ${NS}><meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=https://evil.test"/></svg>`],
    ['an XHTML script', `<svg ${NS}><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></svg>`],
    ['a link', `<svg ${NS}><a href="#x"><rect/></a></svg>`],
    ['an embedded image, even a data: one', `<svg ${NS}><image href="data:image/png;base64,iVBORw0KGgo="/></svg>`],
    ['an external use', `<svg ${NS}><use href="https://evil.test/a.svg#x"/></svg>`],
    ['an external use by an xlink:href written with character references', `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="&#x68;ttps://evil.test/a.svg#x"/></svg>`],
    ['an feImage', `<svg ${NS}><filter id="f"><feImage href="#f"/></filter></svg>`],
    ['a style sheet processing instruction', `<?xml-stylesheet href="https://evil.test/a.css"?><svg ${NS}/>`],
    ['an event handler on an editor element', `<svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><inkscape:x onclick="alert(1)"/></svg>`],
    ['an element of no namespace', `<svg><rect/></svg>`],
    ['XML that is not well formed', `<svg ${NS}><rect></svg>`],
    ['CDATA', `<svg ${NS}><text><![CDATA[x]]></text></svg>`],
    ['an unknown attribute', `<svg ${NS}><rect requiredExtensions="http://evil.test"/></svg>`],
  ])('refuses %s: 422 LOGO_SVG_REFUSED', async (_label, svg) => {
    const brand = await create();
    const res = await upload(brand.id, svg);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('LOGO_SVG_REFUSED');
    expect(await stored(brand.id)).toBeUndefined();
  });

  it('takes a plain logo: shapes, gradients by #id, colours, transforms, text, editor metadata and style declarations', async () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Created with Inkscape -->
<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="120mm" height="40mm" viewBox="0 0 120 40" version="1.1">
  <title>Najd Foods</title>
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="1.2"/>
  <defs><linearGradient id="g1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" style="stop-color:rgb(10, 20, 30);stop-opacity:1"/></linearGradient>
    <linearGradient id="g2" xlink:href="#g1" gradientTransform="matrix(1,0,0,1,2.5,-3e-2)"/></defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" transform="translate(10 5) rotate(-2)">
    <rect width="100" height="30" rx="4" fill="url(#g2)" stroke="hsla(120, 50%, 50%, 0.3)"/>
    <text x="8" y="20" style="font-family:'Open Sans';font-weight:bold;fill:#ffffff;-inkscape-font-specification:'Open Sans, Bold'">نجد Najd</text>
  </g>
</svg>`;
    const brand = await create();
    const res = await upload(brand.id, svg);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(brand.id)).contentType).toBe('image/svg+xml');
  });
});

describe('a PNG or JPEG logo', () => {
  it('is refused over 4096 pixels a side, by its header: 12000 × 12000 in a few KB', async () => {
    const huge = await bilevelPng(12000, 12000);
    expect(huge.length).toBeLessThan(140 * 1024);
    for (const [content, name] of [
      [huge, 'huge.png'],
      [pngHeader(4097, 10), 'wide.png'],
      [jpegHeader(10, 5000), 'tall.jpg'],
    ] as const) {
      const brand = await create();
      const res = await upload(brand.id, content, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'LOGO_TOO_LARGE', details: { maxPx: 4096 } });
      expect(res.json().message).toBe('The logo is larger than 4096 × 4096 pixels: choose a smaller image');
      expect(await stored(brand.id)).toBeUndefined();
    }
  }, 60_000);

  it('a header that cannot be read is not an image: 422 LOGO_INVALID', async () => {
    const brand = await create();
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const res = await upload(brand.id, fake, 'logo.png');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('LOGO_INVALID');
  });

  it('is kept as given up to 1024 pixels a side, and scaled down to fit beyond, in its own type', async () => {
    const small = await pngImage(300, 100);
    const a = await create();
    expect((await upload(a.id, small, 'small.png')).statusCode).toBe(200);
    expect((await stored(a.id)).content.equals(small)).toBe(true);

    const b = await create();
    const res = await upload(b.id, await pngImage(3000, 1000), 'wide.png');
    expect(res.statusCode, res.body).toBe(200);
    const png = await stored(b.id);
    expect(png.contentType).toBe('image/png');
    expect(imageSize(png.content)).toMatchObject({ width: 1024, height: 341, type: 'png' });
    // The address changes with the bytes kept, and they are what is served.
    expect(res.json().brand.logoUrl).toContain(`v=${png.sha256.slice(0, 12)}`);
    const served = await t.request({ method: 'GET', url: `/api/brands/${b.id}/logo` });
    expect(served.rawPayload.equals(png.content)).toBe(true);

    const c = await create();
    expect((await upload(c.id, await jpegImage(1200, 2400), 'tall.jpg')).statusCode).toBe(200);
    const jpeg = await stored(c.id);
    expect(jpeg.contentType).toBe('image/jpeg');
    expect(imageSize(jpeg.content)).toMatchObject({ width: 512, height: 1024, type: 'jpg' });
  }, 60_000);
});
