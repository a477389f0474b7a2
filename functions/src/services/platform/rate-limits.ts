/**
 * Fixed-window rate limits kept in the table (UpdateItem ADD with a TTL), per e-mail and per client
 * address. Each endpoint has its own scopes, so login failures never block forgot/reset: a family whose
 * sign-in an attacker has throttled can still reset the password, and a reset clears the account's window.
 * Subjects are stored as pseudonyms (hashes), never as e-mails or addresses.
 */
import { serverMessages } from '@club/shared';
import * as windows from '../../db/platform/rate-windows';
import { expiresAt } from '../../db/platform/keys';
import { TooManyRequestsError } from '../../lib/errors';
import { pseudonym } from '../../lib/secure-tokens';

export interface RateLimit {
  readonly scope: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

const MINUTES = 60;

/** The limits, in one place. */
export const rateLimits = {
  /** Failed sign-ins of one account (successful ones are refunded). */
  loginAccount: { scope: 'login-account', limit: 10, windowSeconds: 15 * MINUTES },
  /**
   * Failed sign-ins of one account from one client address: past the account's limit, only an address with
   * none is still checked (services/accounts/sign-in-sessions.ts login), so the limit locks the attacker, not the owner.
   */
  loginAccountClient: { scope: 'login-account-client', limit: 10, windowSeconds: 15 * MINUTES },
  /** Sign-in codes mailed to one account (issue 34): one per window, whoever hits its limit how often. */
  signInCodeMail: { scope: 'sign-in-code-mail', limit: 1, windowSeconds: 15 * MINUTES },
  /** Sign-ins with a code, per account: a wrong code costs an attempt (a code has a million values). */
  signInCodeAccount: { scope: 'sign-in-code-account', limit: 5, windowSeconds: 15 * MINUTES },
  /** Failed sign-ins from one client address (a club gym's shared address has room for many families). */
  loginClient: { scope: 'login-client', limit: 50, windowSeconds: 15 * MINUTES },
  /** Sign-ups from one client address. */
  registerClient: { scope: 'register-client', limit: 20, windowSeconds: 60 * MINUTES },
  /** Mails caused by sign-ups naming one e-mail; beyond it the answer is the same but no mail goes out. */
  registerEmail: { scope: 'register-email', limit: 5, windowSeconds: 60 * MINUTES },
  resendClient: { scope: 'resend-client', limit: 20, windowSeconds: 60 * MINUTES },
  resendEmail: { scope: 'resend-email', limit: 5, windowSeconds: 60 * MINUTES },
  forgotClient: { scope: 'forgot-client', limit: 20, windowSeconds: 60 * MINUTES },
  forgotEmail: { scope: 'forgot-email', limit: 5, windowSeconds: 60 * MINUTES },
  /**
   * Calls that reach Stripe, per signed-in account: a "pay again" makes up to three Stripe calls and a confirm
   * one, so one account at the edge's per-address ceiling could otherwise spend the club's Stripe rate and
   * break other families' checkouts. Far above what a family retrying a card needs.
   */
  payAgainUser: { scope: 'pay-again-user', limit: 10, windowSeconds: 15 * MINUTES },
  confirmUser: { scope: 'confirm-user', limit: 30, windowSeconds: 15 * MINUTES },
  switchToCashUser: { scope: 'switch-to-cash-user', limit: 10, windowSeconds: 15 * MINUTES },
  /** Guardian invitations one account sends (each is a mail to an address it names). */
  inviteUser: { scope: 'invite-user', limit: 10, windowSeconds: 60 * MINUTES },
  /**
   * Walk-ups one helper registers at the door (issue 42): a busy door takes a few an hour, so a stolen phone
   * or a script cannot make accounts and mail addresses by the hundred.
   */
  walkUpHelper: { scope: 'walk-up-helper', limit: 30, windowSeconds: 60 * MINUTES },
  /** Current-password checks on the account page (issue 18), per account: a guess costs an attempt. */
  accountPasswordUser: { scope: 'account-password-user', limit: 10, windowSeconds: 15 * MINUTES },
} as const satisfies Record<string, RateLimit>;

/** One counted attempt; refund() takes it back (e.g. when a sign-in succeeded). */
export interface Attempt {
  readonly allowed: boolean;
  /** How many attempts the window holds with this one. */
  readonly count: number;
  refund(): Promise<void>;
}

function windowOf(limit: RateLimit, subject: string, now: Date) {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    scope: limit.scope,
    subject: pseudonym(limit.scope, subject),
    windowStart,
    // Kept a minute past the window's end, then DynamoDB's TTL removes it.
    expiresAt: expiresAt(new Date(windowStart + windowMs + 60_000)),
  };
}

/** Counts an attempt against a limit and says whether it is within it. */
export async function countAttempt(limit: RateLimit, subject: string, now = new Date()): Promise<Attempt> {
  const window = windowOf(limit, subject, now);
  const count = await windows.addToRateWindow({ ...window, by: 1 });
  return {
    allowed: count <= limit.limit,
    count,
    refund: async () => {
      await windows.addToRateWindow({ ...window, by: -1 });
    },
  };
}

/** Counts an attempt and refuses it with 429 beyond the limit (for limits whose refusal reveals nothing). */
export async function requireWithinLimit(
  limit: RateLimit,
  subject: string,
  now = new Date(),
): Promise<Attempt> {
  const attempt = await countAttempt(limit, subject, now);
  if (!attempt.allowed) throw new TooManyRequestsError(serverMessages.tooManyAttempts);
  return attempt;
}

/** Forgets the current window of a limit for a subject (a password reset lifts the sign-in throttle). */
export async function clearLimit(limit: RateLimit, subject: string, now = new Date()): Promise<void> {
  const window = windowOf(limit, subject, now);
  await windows.clearRateWindow(window.scope, window.subject, window.windowStart);
}
