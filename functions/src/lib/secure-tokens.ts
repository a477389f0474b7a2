/**
 * Random secrets handed to a browser or a mailbox (refresh, verification and reset tokens) and the hashes
 * the table stores instead of them, so a copy of the table lets nobody sign in or reset a password.
 */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters): the shape OneTimeTokenSchema accepts. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token; tokens carry 256 bits of entropy, so a plain hash suffices (no salt, no KDF). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A stable pseudonym for a rate-limit subject (an e-mail or a client address), so the counters in the table
 * hold no personal data in the clear.
 */
export function pseudonym(scope: string, subject: string): string {
  return createHash('sha256').update(`${scope}\n${subject}`).digest('base64url').slice(0, 32);
}
