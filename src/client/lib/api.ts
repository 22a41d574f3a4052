import i18next from 'i18next';

/**
 * The one way the client talks to the server: JSON over fetch with the session cookie.
 * Every non-OK answer becomes an ApiError carrying the server's message, code and field errors.
 */

/** `code` and `details` when the server wrote the message itself (src/shared/error-codes.ts). */
export type FieldError = { path: string; message: string; code?: string; details?: Record<string, string | number> };

/** SPEC §8: what a person reads for each status when the server gave no message of its own. */
const fallbackByStatus: Record<number, { code: string; message: string }> = {
  401: { code: 'UNAUTHORIZED', message: 'Authentication required' },
  403: { code: 'FORBIDDEN', message: 'Access denied' },
  404: { code: 'NOT_FOUND', message: 'Resource not found' },
  409: { code: 'CONFLICT', message: 'Resource already exists' },
  422: { code: 'VALIDATION_ERROR', message: 'Invalid data provided' },
  429: { code: 'RATE_LIMITED', message: 'Too many requests' },
  500: { code: 'SERVER_ERROR', message: 'Server error occurred' },
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** Texts of the `messages` namespace: English sentences of shared schemas, and the server's error codes. */
const hasMessage = (key: string | undefined): key is string =>
  Boolean(key) && i18next.exists(key as string, { ns: 'messages', keySeparator: false, nsSeparator: false });
const message = (key: string, details?: Record<string, unknown>) =>
  hasMessage(key) ? i18next.t(key, { ns: 'messages', keySeparator: false, nsSeparator: false, ...details }) : key;

/**
 * The text to show for any error, in the reader's language: the translation of the server's error code
 * (of the first field for a 422), else of its sentence; an answer neither translates (an unknown code)
 * reads as the caller's fallback or the status's generic message, never as a raw code.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    const field = error.errors.find((e) => e.code && hasMessage(e.code));
    if (error.code === 'VALIDATION_ERROR' && field?.code) return message(field.code, field.details);
    const details = withRoleNames((error.body as { details?: Record<string, unknown> } | undefined)?.details);
    if (hasMessage(error.code) && !GENERIC_CODES.has(error.code)) return message(error.code, details);
    if (hasMessage(error.message)) return message(error.message);
    return message(fallback ?? fallbackByStatus[error.status]?.message ?? GENERIC_MESSAGE);
  }
  if (error instanceof TypeError) return message('Network error. Check your connection and try again.');
  if (error instanceof Error && error.message) return message(error.message);
  return message(fallback ?? GENERIC_MESSAGE);
}

/**
 * A workspace role named in a refusal (ROLE_REQUIRED's `role`) reads as the role's name in the reader's language.
 * A role is known by its name's translation (`role.<role>`), not by the shared role table: that module holds
 * the workspace schemas, and this one is in every page's entry, which should not carry the schema library.
 */
function withRoleNames(details: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!details || typeof details.role !== 'string' || !hasMessage(`role.${details.role}`)) return details;
  return { ...details, role: message(`role.${details.role}`) };
}

const GENERIC_MESSAGE = 'An unexpected error occurred';
/** Codes that stand for a status: the server's sentence, when translated, says more than the code. */
const GENERIC_CODES = new Set(Object.values(fallbackByStatus).map((f) => f.code).concat('BAD_REQUEST'));

/** A server field error as a form shows it: its code when translated (a language switch follows), else its text. */
export function fieldErrorMessage(field: FieldError): string {
  if (!field.code || !hasMessage(field.code)) return field.message;
  return field.details ? message(field.code, field.details) : field.code;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: { message?: string; code?: string; errors?: FieldError[] } | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const fallback = fallbackByStatus[response.status] ?? {
    code: `HTTP_${response.status}`,
    message: text || response.statusText || 'An unexpected error occurred',
  };
  return new ApiError(
    response.status,
    body?.code ?? fallback.code,
    body?.message ?? fallback.message,
    Array.isArray(body?.errors) ? body.errors : [],
    body,
  );
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined || isForm ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? response.json() : response.text()) as Promise<T>;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** Multipart upload (FormData); the browser sets the boundary. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};

/** Builds a query string from an object; arrays repeat the parameter; empty values are left out. */
export function toQuery(params: Record<string, string | number | boolean | undefined | null | Array<string | number>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The file name a Content-Disposition gives: its UTF-8 form (filename*, any script) before the ASCII one. */
export function fileNameOf(disposition: string): string | undefined {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="?([^";]+)"?/.exec(disposition)?.[1];
}

/** Downloads a file answer (CSV export, template, report) through the session cookie. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = fileNameOf(disposition) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
