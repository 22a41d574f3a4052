import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (m = 19 MiB, t = 2, p = 1): ARCHITECTURE.md §8.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when no user matches, so a wrong email costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password', options);
  return dummyHash;
}
