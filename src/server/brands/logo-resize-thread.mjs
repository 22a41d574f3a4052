// Scales a logo down off the thread that answers requests (see logo-check.ts): decoding a 4096 × 4096 JPEG
// in JavaScript takes seconds. Plain JavaScript, so no TypeScript loader is needed in the thread.
import { parentPort, workerData } from 'node:worker_threads';
import { Jimp } from 'jimp';

const { content, contentType, maxSide } = workerData;
try {
  const image = await Jimp.read(Buffer.from(content));
  image.scaleToFit({ w: maxSide, h: maxSide });
  const out = contentType === 'image/jpeg' ? await image.getBuffer('image/jpeg', { quality: 88 }) : await image.getBuffer('image/png');
  parentPort.postMessage({ content: out, width: image.bitmap.width, height: image.bitmap.height });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
