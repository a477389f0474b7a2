/**
 * Accounts: sign-up, e-mail verification, resending it, forgotten and reset passwords, and the seeded admin.
 * Answers never depend on whether an e-mail has an account (no enumeration): the owner of an address
 * learns by mail, the requester only ever sees the same sentence.
 */
import { randomUUID } from 'node:crypto';
import {
  CONSENT_NOTICE_VERSION,
  isMinor,
  serverMessages,
  type EmailOnlyInput,
  type ResendVerificationInput,
  type VerifiedAnswer,
  type GuardianRegistration,
  type Registration,
  normaliseEmail,
} from '@club/shared';
import { revokeAllSessionFamilies } from '../../db/accounts/refresh-tokens';
import * as oneTimeTokens from '../../db/accounts/one-time-tokens';
import * as users from '../../db/accounts/users';
import { BadRequestError } from '../../lib/errors';
import { log } from '../../lib/log';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';
import {
  alreadyRegisteredMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '../../mail/account-mails';
import { sendMail } from '../../mail/ses-sender';
import { hashPassword } from './passwords';
import { clearLimit, countAttempt, rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { ENUMERATION_SAFE_FLOOR_MS, withMinimumDuration } from './response-timing';

export const VERIFY_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_MINUTES = 60;

const HOUR_MS = 3_600_000;

/** POST /auth/register: the same answer whether the e-mail is new or taken. */
export async function register(
  input: Registration | GuardianRegistration,
  client: { ip: string },
): Promise<{ message: string }> {
  // A refusal per client address says nothing about the e-mail, so it needs no padding.
  await requireWithinLimit(rateLimits.registerClient, client.ip);
  return withMinimumDuration(ENUMERATION_SAFE_FLOOR_MS, async () => {
    const now = new Date();
    // Hashed before looking at the e-mail, so a taken e-mail costs the same time as a new one.
    const passwordHash = await hashPassword(input.password);
    const user: users.UserItem = {
      id: randomUUID(),
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      phone_number: input.phone_number,
      ...('account_type' in input
        ? // A parent or guardian (issue 17): an adult, with no athlete details of their own.
          { account_type: 'guardian' as const, parent_consent: false }
        : {
            date_of_birth: input.date_of_birth,
            emergency_contact_name: input.emergency_contact_name,
            emergency_contact_phone: input.emergency_contact_phone,
            emergency_contact_email: input.emergency_contact_email,
            emergency_contact_relationship: input.emergency_contact_relationship,
            // The schema refused a minor without consent; an adult's box is not theirs to tick.
            parent_consent: isMinor(input.date_of_birth) && input.parent_consent,
          }),
      consentedAt: now.toISOString(),
      consentNoticeVersion: CONSENT_NOTICE_VERSION,
      is_admin: false,
      createdAt: now.toISOString(),
      passwordHash,
      passwordVersion: 0,
    };
    const mailAllowed = (await countAttempt(rateLimits.registerEmail, input.email, now)).allowed;
    if (await users.createUserClaimingEmail(user)) {
      log.info('account created', { userId: user.id });
      // The first verification mail of a new account is always sent (the limit only caps repeats).
      await sendVerification(user, now, input.return_to);
      return { message: serverMessages.registered };
    }
    if (mailAllowed) await tellOwnerAlreadyRegistered(input.email, now);
    return { message: serverMessages.registered };
  });
}

/** A new link's token, or null when the account went (or is being deleted) meanwhile: nothing to mail. */
async function issueVerificationToken(
  user: users.UserItem,
  now: Date,
  returnTo: string | undefined,
): Promise<string | null> {
  const token = newSecretToken();
  const stored = await oneTimeTokens.putOneTimeToken(hashToken(token), 'VERIFY', {
    userId: user.id,
    passwordVersion: user.passwordVersion,
    expires: new Date(now.getTime() + VERIFY_TOKEN_TTL_HOURS * HOUR_MS),
    ...(returnTo ? { returnTo } : {}),
  });
  return stored ? token : null;
}

/** A verification link; `returnTo` is where the verified family continues (issue 36). */
async function sendVerification(user: users.UserItem, now: Date, returnTo?: string): Promise<void> {
  const token = await issueVerificationToken(user, now, returnTo);
  if (!token) return;
  await sendMail(verificationMail(user.email, user.first_name, token, VERIFY_TOKEN_TTL_HOURS));
}

async function issueResetToken(user: users.UserItem, now: Date): Promise<string | null> {
  const token = newSecretToken();
  const stored = await oneTimeTokens.putOneTimeToken(hashToken(token), 'RESET', {
    userId: user.id,
    passwordVersion: user.passwordVersion,
    expires: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  return stored ? token : null;
}

async function tellOwnerAlreadyRegistered(email: string, now: Date): Promise<void> {
  const owner = await users.getUserByEmail(email);
  if (!owner) return;
  const resetToken = owner.verifiedAt ? null : await issueResetToken(owner, now);
  if (!owner.verifiedAt && !resetToken) return;
  const finishSetup = resetToken ? { resetToken, validMinutes: RESET_TOKEN_TTL_MINUTES } : null;
  await sendMail(alreadyRegisteredMail(owner.email, owner.first_name, finishSetup));
}

/**
 * POST /auth/verify-email: spends the token (single use) and marks the e-mail verified; an unknown or expired
 * token is a 400 (the screen then offers a resend). Mail scanners often open links before the family does;
 * a later use of a link that already verified the account succeeds too (it grants nothing a second time).
 */
export async function verifyEmail(token: string): Promise<VerifiedAnswer> {
  const invalid = () => new BadRequestError(serverMessages.verifyLinkInvalid);
  const now = new Date();
  const spent = await oneTimeTokens.spendVerifyToken(hashToken(token), now);
  if (!spent) throw invalid();
  if (spent.outcome === 'spent') {
    await users.markEmailVerified(spent.userId, now);
    log.info('email verified', { userId: spent.userId });
  }
  const user = await users.getUser(spent.userId);
  if (!user?.verifiedAt) throw invalid();
  // The address the link was mailed to, for the sign-in form, and where the family was going (issue 36).
  return {
    success: true,
    message: serverMessages.emailVerified,
    email: user.email,
    ...(spent.returnTo ? { return_to: spent.returnTo } : {}),
  };
}

/** POST /auth/resend-verification: a new link for an unverified account; the same answer for any e-mail. */
export async function resendVerification(
  input: ResendVerificationInput,
  client: { ip: string },
): Promise<{ success: true; message: string }> {
  // A refusal per client address says nothing about the e-mail, so it needs no padding.
  await requireWithinLimit(rateLimits.resendClient, client.ip);
  return withMinimumDuration(ENUMERATION_SAFE_FLOOR_MS, async () => {
    const now = new Date();
    // Beyond the per-e-mail limit the answer stays the same; only the mail is skipped.
    if ((await countAttempt(rateLimits.resendEmail, input.email, now)).allowed) {
      const user = await users.getUserByEmail(input.email);
      if (user && !user.verifiedAt) await sendVerification(user, now, input.return_to);
    }
    return { success: true, message: serverMessages.verificationSent };
  });
}

/** POST /auth/forgot-password: a reset link for an existing account; the same answer for any e-mail. */
export async function forgotPassword(
  input: EmailOnlyInput,
  client: { ip: string },
): Promise<{ success: true; message: string }> {
  // A refusal per client address says nothing about the e-mail, so it needs no padding.
  await requireWithinLimit(rateLimits.forgotClient, client.ip);
  return withMinimumDuration(ENUMERATION_SAFE_FLOOR_MS, async () => {
    const now = new Date();
    if ((await countAttempt(rateLimits.forgotEmail, input.email, now)).allowed) {
      const user = await users.getUserByEmail(input.email);
      const token = user ? await issueResetToken(user, now) : null;
      if (user && token) {
        await sendMail(passwordResetMail(user.email, user.first_name, token, RESET_TOKEN_TTL_MINUTES));
      }
    }
    return { success: true, message: serverMessages.resetLinkSent };
  });
}

/**
 * POST /auth/reset-password: sets the new password if the link is unused, unexpired and issued
 * under the current password; then signs out every session, lifts the sign-in throttle and tells the owner.
 */
export async function resetPassword(
  token: string,
  password: string,
): Promise<{ success: true; message: string }> {
  const invalid = () =>
    new BadRequestError(serverMessages.resetLinkInvalid, [{ msg: serverMessages.resetLinkInvalid }]);
  const now = new Date();
  const tokenHash = hashToken(token);
  const issued = await oneTimeTokens.getOneTimeToken(tokenHash, 'RESET', now);
  if (!issued) throw invalid();
  const passwordHash = await hashPassword(password);
  // A pending change of address dies with the reset (its link names the old password); its item goes too.
  const pendingEmailToken = (await users.getUser(issued.userId))?.pendingEmailTokenHash;
  const changed = await oneTimeTokens.resetPasswordWithToken({
    tokenHash,
    userId: issued.userId,
    passwordVersion: issued.passwordVersion,
    passwordHash,
    now,
  });
  if (!changed) throw invalid();
  // Every device signs in again; a sign-in racing this reset fails on the password version.
  const revoked = await revokeAllSessionFamilies(issued.userId);
  const user = await users.getUser(issued.userId);
  if (user) {
    if (pendingEmailToken) await oneTimeTokens.deleteOneTimeToken(pendingEmailToken, 'EMAIL');
    await clearLimit(rateLimits.loginAccount, user.email, now);
    await sendMail(passwordChangedMail(user.email, user.first_name));
  }
  log.info('password reset', { userId: issued.userId, sessionsRevoked: revoked });
  return { success: true, message: serverMessages.passwordReset };
}

/**
 * The local stack's administrator: created verified on first start from ADMIN_EMAIL / ADMIN_PASSWORD;
 * an existing account with that e-mail is left exactly as it is (a restart changes nothing).
 */
export async function ensureSeedAdmin(input: {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}): Promise<{ email: string; created: boolean }> {
  const email = normaliseEmail(input.email);
  if (await users.getUserByEmail(email)) return { email, created: false };
  const now = new Date().toISOString();
  const created = await users.createUserClaimingEmail({
    id: randomUUID(),
    email,
    first_name: input.firstName ?? 'Club',
    last_name: input.lastName ?? 'Admin',
    date_of_birth: '1990-01-01',
    phone_number: '7800000000',
    emergency_contact_name: 'Club Office',
    emergency_contact_phone: '7800000000',
    emergency_contact_email: email,
    emergency_contact_relationship: 'other',
    parent_consent: false,
    consentedAt: now,
    consentNoticeVersion: CONSENT_NOTICE_VERSION,
    is_admin: true,
    createdAt: now,
    verifiedAt: now,
    passwordHash: await hashPassword(input.password),
    passwordVersion: 0,
  });
  return { email, created };
}
