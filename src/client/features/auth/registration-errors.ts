import { registerFormSchema, type RegisterFormInput } from '../../../shared/auth';

/** The registration form's fields in form order, which is also the order of the live error list. */
export const REGISTRATION_FIELDS = ['firstName', 'lastName', 'companyName', 'email', 'password', 'confirmPassword'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * Every current validation error of the registration form, one per field (its first), in form order:
 * SPEC §2/§5 validate on every change and list all errors under 'Please fix the following errors:'.
 */
export function currentRegistrationErrors(values: Partial<RegisterFormInput>): Array<{ field: RegistrationField; message: string }> {
  const result = registerFormSchema.safeParse(values);
  if (result.success) return [];
  const byField = new Map<RegistrationField, string>();
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RegistrationField;
    if (REGISTRATION_FIELDS.includes(field) && !byField.has(field)) byField.set(field, issue.message);
  }
  return REGISTRATION_FIELDS.filter((f) => byField.has(f)).map((field) => ({ field, message: byField.get(field)! }));
}
