/** Password hashing: argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) or above. */
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail) it still runs one argon2
 * verification, against a dummy hash of a random password, so an unknown e-mail takes as long as a wrong
 * password and the timing reveals nothing. Always false then.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  const against = hash ?? (await dummyHash);
  try {
    const ok = await argon2.verify(against, password);
    return ok && hash !== null;
  } catch {
    return false;
  }
}

/** Builds the dummy hash ahead of the first unknown-e-mail login (cold start), so that one is not faster. */
export function warmPasswordVerifier(): void {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
}
