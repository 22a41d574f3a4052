// The article-reading thread (see page-reader.ts). A worker thread starts without the TypeScript loader
// the server runs under in tests, so tsx loads the reading code here (under `node --import tsx` too).
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { readPage } = await tsImport('./page-reading.ts', import.meta.url);

parentPort.on('message', ({ n, html }) => {
  try {
    parentPort.postMessage({ n, reading: readPage(html, workerData.limits) });
  } catch (error) {
    parentPort.postMessage({ n, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
