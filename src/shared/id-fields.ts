import { z } from 'zod';
import type { BrandId, ReleaseId, WorkspaceId } from './ids.js';

/**
 * Form and query fields that hold an id: a uuid, parsed to its kind's type (decision 034). This is where text a
 * person or a page sends becomes a typed id; kept apart from ids.ts, which the pages without zod read too.
 */
const idField = <Id extends string>(message?: string) => z.uuid(message ? { message } : undefined).transform((id) => id as Id);

export const brandIdField = (message = 'Unknown brand') => idField<BrandId>(message);
export const releaseIdField = (message?: string) => idField<ReleaseId>(message);
export const workspaceIdField = (message: string) => idField<WorkspaceId>(message);
