import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords from leaked-password corpora, as ranked by zxcvbn-ts (most frequent first).
 * SPEC keeps the 6-character minimum; refusing the top of this list removes the guesses an attacker tries
 * first without making people invent something long.
 */
const REFUSED_COUNT = 1000;
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, REFUSED_COUNT));

/** Case does not make a common password uncommon: "Football" is tried as early as "football". */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
