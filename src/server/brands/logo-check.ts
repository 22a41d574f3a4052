import { Worker } from 'node:worker_threads';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_STORED_PIXELS, type LogoType } from '../../shared/brands.js';
import { judgeLogo } from '../../shared/logo-content.js';
import { appError } from '../http/errors.js';

/**
 * A brand's logo is shown on public pages, web versions and every journalist's e-mail, so it is judged by
 * its content, never by its name or the type the browser claimed (shared/logo-content.ts, the rule the
 * browser applies before sending): PNG and JPEG by their magic bytes and the dimensions in their header, at
 * most LOGO_MAX_PIXELS a side; SVG parsed as XML and held to an allow-list of elements and attributes that
 * only draw. A PNG or JPEG larger than LOGO_STORED_PIXELS a side is scaled down to fit (jimp, on a thread of
 * its own under time and memory limits), so no e-mail carries a huge image.
 */

export const logoInvalid = () => appError('LOGO_INVALID', { maxMb: LOGO_MAX_BYTES / (1024 * 1024) });

export type PreparedLogo = { contentType: LogoType; content: Buffer; width: number | null; height: number | null };

/** How long scaling one logo may take, and the thread's heap. */
const RESIZE_LIMITS = { timeMs: 30_000, memoryMb: 256 };

/**
 * The logo as it is kept: the bytes given, or scaled down to fit LOGO_STORED_PIXELS. Throws the refusal a
 * person can act on: LOGO_TOO_LARGE (dimensions), LOGO_SVG_REFUSED (what the SVG holds), LOGO_INVALID.
 */
export async function prepareLogo(content: Buffer, beforeScaling?: () => void): Promise<PreparedLogo> {
  const verdict = judgeLogo(content);
  if (!verdict.ok) {
    if (verdict.problem === 'pixels') throw appError('LOGO_TOO_LARGE', { maxPx: LOGO_MAX_PIXELS });
    if (verdict.problem === 'svg') throw appError('LOGO_SVG_REFUSED');
    throw logoInvalid();
  }
  const { type, width, height } = verdict;
  if (width === null || height === null || (width <= LOGO_STORED_PIXELS && height <= LOGO_STORED_PIXELS))
    return { contentType: type, content, width, height };
  beforeScaling?.();
  const scaled = await scaleDown(content, type);
  if (scaled.content.length > LOGO_MAX_BYTES) throw logoInvalid();
  return { contentType: type, ...scaled };
}

function scaleDown(content: Buffer, contentType: LogoType): Promise<{ content: Buffer; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./logo-resize-thread.mjs', import.meta.url), {
      workerData: { content, contentType, maxSide: LOGO_STORED_PIXELS },
      resourceLimits: { maxOldGenerationSizeMb: RESIZE_LIMITS.memoryMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    // An image that cannot be decoded, or takes too long or too much memory, is not one we take.
    const timer = setTimeout(() => settle(() => reject(logoInvalid())), RESIZE_LIMITS.timeMs);
    worker.on('message', (reply: { content?: Uint8Array; width?: number; height?: number; error?: string }) =>
      settle(() =>
        reply.content ? resolve({ content: Buffer.from(reply.content), width: reply.width!, height: reply.height! }) : reject(logoInvalid()),
      ),
    );
    worker.on('error', () => settle(() => reject(logoInvalid())));
    worker.on('exit', () => settle(() => reject(logoInvalid())));
  });
}
