import { describe, expect, it } from 'vitest';
import { currentRegistrationErrors } from './registration-errors';

const valid = {
  firstName: 'Layla',
  lastName: 'Haddad',
  companyName: 'Haddad PR',
  email: 'layla@haddad.test',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('currentRegistrationErrors', () => {
  it('is empty for a complete, consistent form', () => {
    expect(currentRegistrationErrors(valid)).toEqual([]);
  });

  it('lists every broken field at once, in form order, with the SPEC §5 messages', () => {
    const empty = { firstName: '', lastName: '', companyName: '', email: '', password: '', confirmPassword: '' };
    expect(currentRegistrationErrors(empty)).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'lastName', message: 'Last name is required' },
      { field: 'companyName', message: 'Company name is required' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password must be at least 6 characters' },
      { field: 'confirmPassword', message: 'Please confirm your password' },
    ]);
  });

  it('reports a mismatched confirmation on the confirmation field, alongside other errors', () => {
    expect(currentRegistrationErrors({ ...valid, companyName: '  ', confirmPassword: 'secret2' })).toEqual([
      { field: 'companyName', message: 'Company name is required' },
      { field: 'confirmPassword', message: "Passwords don't match" },
    ]);
  });

  it('treats a short password and a malformed address as errors', () => {
    expect(currentRegistrationErrors({ ...valid, email: 'layla@', password: '12345', confirmPassword: '12345' })).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  it('copes with fields that are still missing', () => {
    expect(currentRegistrationErrors({ email: 'layla@haddad.test' }).map((e) => e.field)).toEqual([
      'firstName',
      'lastName',
      'companyName',
      'password',
      'confirmPassword',
    ]);
  });
});
