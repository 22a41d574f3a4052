import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, fieldErrorMessage } from './api';

/**
 * Puts the server's field errors of a 422 back onto the form fields they name, so the person sees each
 * message where it belongs. Messages stay keys here (an English sentence or a server error code); the form
 * translates them when it renders (translateMessage), so a language switch changes them too. Returns how
 * many fields received an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  /** The form field a server path belongs to, when they differ (an array item's error on the array). */
  fieldOf: (path: string) => string = (path) => path,
): number {
  if (!(error instanceof ApiError) || error.errors.length === 0) return 0;
  let placed = 0;
  const seen = new Set<string>();
  for (const field of error.errors) {
    const path = fieldOf(field.path);
    if (seen.has(path) || !fields.includes(path as Path<T>)) continue;
    seen.add(path);
    setError(path as Path<T>, { type: 'server', message: fieldErrorMessage(field) }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed;
}
