/**
 * The account page (issue 18): the signed-in account's own name and phone, a new password with the current
 * one asked (this device stays signed in, every other session ends), and a new e-mail address that takes
 * effect only once the link mailed to it is followed (the old address is told twice: when it is asked for
 * and when it is done). Every change reaches the active season's registration rows it appears on, so the
 * admin's table and the result mail use the details as they are now.
 */
import {
  fieldMessages,
  normaliseEmail,
  serverMessages,
  type AccessTokenClaims,
  type AccountProfile,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type UpdateAccountInput,
} from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import { isMarked } from '../../db/platform/exactly-once';
import { revokeAllSessionFamilies } from '../../db/accounts/refresh-tokens';
import * as tryoutsTable from '../../db/registration/registrations';
import * as oneTimeTokens from '../../db/accounts/one-time-tokens';
import * as users from '../../db/accounts/users';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
} from '../../mail/account-mails';
import { sendMail } from '../../mail/ses-sender';
import { refreshGuardiansOf } from '../households/guardians';
import { hashPassword, verifyPassword } from './passwords';
import { clearLimit, rateLimits, requireWithinLimit } from '../platform/rate-limits';
import { sessionFamilyOf } from './sign-in-sessions';

/** How long the link to a new address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

function toProfile(user: users.UserItem): AccountProfile {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    account_type: user.account_type === 'guardian' ? 'guardian' : 'player',
    pending_email: user.pendingEmail ?? null,
  };
}

async function userOf(caller: AccessTokenClaims): Promise<users.UserItem> {
  const user = await users.getUser(caller.sub);
  if (!user) throw new NotFoundError(serverMessages.accountNotFound);
  return user;
}

/** GET /account. */
export async function getAccount(caller: AccessTokenClaims): Promise<AccountProfile> {
  return toProfile(await userOf(caller));
}

/**
 * Writes the account's current details into the active season's rows: its own registration (a player's
 * account is its own athlete) and, as a guardian, every registration of its household.
 */
async function refreshRows(user: users.UserItem): Promise<void> {
  const season = await seasonsTable.getActiveSeason();
  if (!season) return;
  if (users.isPlayerAccount(user)) {
    await tryoutsTable.refreshAccountSnapshot(season.id, user.id, {
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: user.phone_number,
      email: user.email,
    });
  }
  await refreshGuardiansOf(user.id);
}

/** PATCH /account: the name and phone; answers the account as written. */
export async function updateAccount(
  caller: AccessTokenClaims,
  input: UpdateAccountInput,
): Promise<AccountProfile> {
  const written = await users.updateAccountFields(caller.sub, input);
  if (!written) throw new NotFoundError(serverMessages.accountNotFound);
  await refreshRows(written);
  log.info('account changed', { fields: Object.keys(input).join(',') });
  return toProfile(written);
}

/** Checks the current password, counting a wrong one against the account's limit (429 past it). */
async function requireCurrentPassword(user: users.UserItem, password: string, now: Date): Promise<void> {
  await requireWithinLimit(rateLimits.accountPasswordUser, user.id, now);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new BadRequestError(fieldMessages.currentPasswordWrong, [
      { field: 'current_password', msg: fieldMessages.currentPasswordWrong },
    ]);
  }
  await clearLimit(rateLimits.accountPasswordUser, user.id, now);
}

/**
 * POST /auth/change-password: the new password, once the current one is right; every other session of the
 * account ends (this device's, named by its refresh cookie, goes on), and the account's address is told.
 */
export async function changePassword(
  caller: AccessTokenClaims,
  input: ChangePasswordInput,
  cookies: Readonly<Record<string, string>>,
): Promise<{ success: true; message: string }> {
  const now = new Date();
  const user = await userOf(caller);
  await requireCurrentPassword(user, input.current_password, now);
  const changed = await users.changePassword({
    userId: user.id,
    passwordVersion: user.passwordVersion,
    passwordHash: await hashPassword(input.new_password),
  });
  if (!changed) throw new ConflictError(serverMessages.passwordChangedMeanwhile);
  if (user.pendingEmailTokenHash) await oneTimeTokens.deleteOneTimeToken(user.pendingEmailTokenHash, 'EMAIL');
  const revoked = await revokeAllSessionFamilies(user.id, await sessionFamilyOf(cookies, user.id));
  await sendMail(passwordChangedMail(user.email, user.first_name));
  log.info('password changed', { sessionsRevoked: revoked });
  return { success: true, message: serverMessages.passwordChanged };
}

/**
 * POST /account/email: mails a link to the new address (and a word to the one in use); the account keeps its
 * address until the link is followed. An address another account holds is refused (409).
 */
export async function changeEmail(
  caller: AccessTokenClaims,
  input: ChangeEmailInput,
): Promise<{ success: true; message: string }> {
  const now = new Date();
  const user = await userOf(caller);
  await requireCurrentPassword(user, input.current_password, now);
  const to = normaliseEmail(input.email);
  if (to === normaliseEmail(user.email)) {
    throw new BadRequestError(fieldMessages.sameEmail, [{ field: 'email', msg: fieldMessages.sameEmail }]);
  }
  if (await users.getUserByEmail(to)) {
    throw new ConflictError(serverMessages.emailInUse, [{ field: 'email', msg: serverMessages.emailInUse }]);
  }
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const stored = await oneTimeTokens.putOneTimeToken(tokenHash, 'EMAIL', {
    userId: user.id,
    passwordVersion: user.passwordVersion,
    expires: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000),
    email: to,
  });
  if (!stored) throw new NotFoundError(serverMessages.accountNotFound);
  await users.updateAccountFields(user.id, { pendingEmail: to, pendingEmailTokenHash: tokenHash });
  // The earlier request's link is dead (the profile names this one); its item and address go now.
  if (user.pendingEmailTokenHash) await oneTimeTokens.deleteOneTimeToken(user.pendingEmailTokenHash, 'EMAIL');
  await sendMail(emailChangeConfirmMail(to, user.first_name, token, EMAIL_CHANGE_TTL_HOURS));
  await sendMail(emailChangeRequestedMail(user.email, user.first_name, to));
  log.info('email change asked');
  return { success: true, message: serverMessages.emailChangeSent };
}

/**
 * POST /auth/confirm-email-change {token}: the account moves to the new address (one transaction: the token
 * spent, the old claim let go, the new one taken), the old address is told, and the active season's rows
 * carry the new address.
 */
export async function confirmEmailChange(token: string): Promise<{ success: true; message: string }> {
  const done = { success: true, message: serverMessages.emailChanged } as const;
  const tokenHash = hashToken(token);
  /** A refused click: answered as done when the link's move was made (by this click's twin, or earlier). */
  const refused = async (error: Error) => {
    if (await isMarked(oneTimeTokens.emailChangeMarker(tokenHash))) return done;
    throw error;
  };
  const invalid = new BadRequestError(serverMessages.emailChangeLinkInvalid, [
    { msg: serverMessages.emailChangeLinkInvalid },
  ]);
  const now = new Date();
  const issued = await oneTimeTokens.getOneTimeToken(tokenHash, 'EMAIL', now);
  if (!issued?.email) return refused(invalid);
  const user = await users.getUser(issued.userId);
  if (!user) return refused(invalid);
  const moved = await oneTimeTokens.moveEmail({
    tokenHash,
    userId: user.id,
    passwordVersion: issued.passwordVersion,
    from: user.email,
    to: issued.email,
    now,
  });
  if (moved === 'taken') return refused(new ConflictError(serverMessages.emailInUse));
  if (moved === 'invalid') return refused(invalid);
  const after = { ...user, email: issued.email };
  await refreshRows(after);
  await sendMail(emailChangedMail(user.email, user.first_name, issued.email));
  log.info('email changed');
  return done;
}
