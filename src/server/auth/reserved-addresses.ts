/**
 * Addresses no user may take through registration or the profile: the bootstrap super admin's address
 * (so it can never be claimed by anyone else) and addresses at local or reserved domains, which no real
 * mailbox answers for and which would let an account look like a machine or an operator.
 */

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

// RFC 6761 / RFC 6762 / RFC 8375 names, and names that only resolve inside a private network.
const LOCAL_SUFFIXES = ['localhost', 'local', 'invalid', 'internal', 'lan', 'home.arpa', 'localdomain'];

export function isReservedAddress(email: string, adminEmail: string | undefined): boolean {
  const address = email.trim().toLowerCase();
  if (address === (adminEmail ?? DEFAULT_ADMIN_EMAIL) || address === DEFAULT_ADMIN_EMAIL) return true;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  if (!domain.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => domain === suffix || domain.endsWith(`.${suffix}`));
}

