// A DKIM signing thread of the pool (see dkim-signer.ts): signs, or builds a message's own bytes (the
// personal part, base64-encoded here) and signs them. Plain JavaScript: a worker thread is started by Node
// itself, without the TypeScript loader the rest of the server runs under.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import sign from 'nodemailer/lib/dkim/sign';
import { messageHead, personalPart } from '../mail/mime-body.mjs';

const { domain, selector, privateKey, headerFieldNames } = workerData;
/** Each release's shared end of the body, canonical, by the id the main thread gave it. */
const sharedEnds = new Map();

/** RFC 6376 §3.4.4, the line rules: no whitespace at line ends, runs of it as one space. */
const relaxedLines = (text) => text.replace(/[ \t]+\r\n/g, '\r\n').replace(/[ \t]+/g, ' ');

/** The shared end of the body, canonical: empty lines at the very end dropped. */
function canonicalEnd(bytes) {
  const text = relaxedLines(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')).replace(/(\r\n)+$/, '');
  return Buffer.from(`${text}\r\n`, 'latin1');
}

/** Header fields as nodemailer's signer reads them: folded lines joined to their field. */
function headerFields(header) {
  const fields = [];
  for (const line of header.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1].line += `\r\n${line}`;
    else if (line) {
      const name = line.slice(0, line.indexOf(':')).trim();
      fields.push({ key: name.toLowerCase(), casedKey: name, line });
    }
  }
  return fields;
}

function signature({ header, personal, shared }) {
  const end = sharedEnds.get(shared);
  if (!end) throw new Error(`DKIM: no shared body part ${shared}`);
  const bodyHash = createHash('sha256').update(relaxedLines(personal), 'latin1').update(end).digest('base64');
  const signed = sign(headerFields(header), 'sha256', bodyHash, { domainName: domain, keySelector: selector, privateKey, headerFieldNames });
  if (!signed) throw new Error('DKIM signing failed: the private key was refused');
  return signed;
}

parentPort.on('message', (message) => {
  if (message.kind === 'shared') sharedEnds.set(message.id, canonicalEnd(message.bytes));
  else if (message.kind === 'forget') sharedEnds.delete(message.id);
  else {
    try {
      if (message.kind === 'build') {
        const personal = personalPart(message.mixedBoundary, message.text, message.html);
        const text = messageHead(signature({ header: message.header, personal, shared: message.shared }), message.header, personal);
        // A buffer of its own (not Node's shared pool), handed over without a copy.
        const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
        bytes.write(text, 'utf8');
        parentPort.postMessage({ n: message.n, bytes }, [bytes.buffer]);
      } else parentPort.postMessage({ n: message.n, signature: signature(message) });
    } catch (error) {
      parentPort.postMessage({ n: message.n, error: error instanceof Error ? error.message : String(error) });
    }
  }
});
