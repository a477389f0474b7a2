/** Password hashing: argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1) or above. */
import { randomBytes } from 'node:crypto';

/**
 * argon2 is a native addon, loaded on first use: a static import would keep it (and its addon) in every
 * bundle that merely reaches this module, such as logout and refresh, which never hash.
 */
let argon2Module: Promise<typeof import('argon2')> | undefined;
function argon2(): Promise<typeof import('argon2')> {
  argon2Module ??= import('argon2').then((m) => (m as { default?: typeof import('argon2') }).default ?? m);
  return argon2Module;
}

export const ARGON2_OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash, argon2id } = await argon2();
  return hash(password, { ...ARGON2_OPTIONS, type: argon2id });
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
    const ok = await (await argon2()).verify(against, password);
    return ok && hash !== null;
  } catch {
    return false;
  }
}

/** Builds the dummy hash ahead of the first unknown-e-mail login (cold start), so that one is not faster. */
export function warmPasswordVerifier(): void {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
}
