import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer } from '../test/feed-server.js';
import { fetchPage } from './fetch-page.js';

/** Pages and feeds in the character set their answer names (Arabic outlets still publish in windows-1256). */

/** Text in windows-1256, byte by byte, from the decoder's own table. */
function windows1256(text: string): Buffer {
  const decoder = new TextDecoder('windows-1256');
  const byteOf = new Map(Array.from({ length: 256 }, (_, byte) => [decoder.decode(Uint8Array.of(byte)), byte]));
  return Buffer.from([...text].map((char) => byteOf.get(char)!));
}

const TITLE = 'الرياض: افتتاح مصنع جديد';
let server: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  const send = (type: string, body: Buffer) => (_req: unknown, res: ServerResponse) => void res.writeHead(200, { 'content-type': type }).end(body);
  server = await startFeedServer({
    '/header.xml': send('application/rss+xml; charset=windows-1256', windows1256(`<rss><channel><title>${TITLE}</title></channel></rss>`)),
    '/declared.xml': send('application/xml', windows1256(`<?xml version="1.0" encoding="windows-1256"?><rss><channel><title>${TITLE}</title></channel></rss>`)),
    '/meta.html': send('text/html', windows1256(`<html><head><meta charset="windows-1256"><title>${TITLE}</title></head></html>`)),
    '/plain.xml': send('application/xml', Buffer.from(`<rss><channel><title>${TITLE}</title></channel></rss>`)),
    '/unknown.xml': send('application/xml; charset=klingon', Buffer.from(`<rss><channel><title>${TITLE}</title></channel></rss>`)),
  });
});
afterAll(async () => {
  await server.close();
});

describe('fetchPage', () => {
  it('reads the character set from the header, the XML declaration or the HTML meta tag, UTF-8 otherwise', async () => {
    for (const path of ['/header.xml', '/declared.xml', '/meta.html', '/plain.xml', '/unknown.xml']) {
      const page = await fetchPage(server.url(path), { allowPrivate: true });
      expect(page.status === 'ok' && page.text, path).toContain(TITLE);
    }
  });
});
