/**
 * Sign-in sessions: the short-lived access token (JWT) and the rotating refresh token in its HttpOnly
 * cookie. Each sign-in starts a family; every refresh spends the presented token and adds the next one.
 * Presenting a spent token again means a copy exists somewhere else, so the whole family is revoked.
 *
 * Sessions end on the server, not only in the tab (spec §4's 30 minutes of inactivity): a refresh token is
 * spendable for 30 minutes after it was issued, so a family nobody refreshed for 30 minutes (the tab closed,
 * the person gone) is refused, and the browser refreshes while its person is active. Every family also ends
 * at an absolute time after its sign-in, whatever its use. The cookie lives as long as its token.
 */
import { randomInt, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { INACTIVITY_LOGOUT_MS, serverMessages, type LoginInput } from '@club/shared';
import * as sessionsTable from '../../db/accounts/refresh-tokens';
import * as users from '../../db/accounts/users';
import { signAccessToken, type SessionClaims } from '../../lib/access-token';
import { REFRESH_COOKIE, RefreshCookieSchema } from '../../lib/cookies';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { log } from '../../lib/log';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';
import { verifyPassword } from './passwords';
import * as oneTimeTokens from '../../db/accounts/one-time-tokens';
import { signInCodeMail } from '../../mail/account-mails';
import { sendMail } from '../../mail/ses-sender';
import { clearLimit, countAttempt, rateLimits } from '../platform/rate-limits';
import { ENUMERATION_SAFE_FLOOR_MS, withMinimumDuration } from './response-timing';

/**
 * Two tabs refreshing at the same moment present the same token; the one that loses the race within this
 * time gets a 401 without revoking the family (it gains nothing: no token is issued). A spent token shown
 * later than this is treated as stolen.
 */
export const REFRESH_RACE_GRACE_MS = 2_000;

/** A refresh token unused for this long is refused: the inactivity logout, held by the server too. */
export const SESSION_IDLE_MS = INACTIVITY_LOGOUT_MS;
/** However it is used, a sign-in lasts this long at most; then the member signs in again. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** An administrator's sign-in (every minor's details, the CSV) ends sooner: a volunteer's day at the gym. */
export const ADMIN_SESSION_MAX_MS = 8 * 60 * 60 * 1000;

export interface SignedIn {
  /** The access token for the body ({ token }). */
  token: string;
  /** The new refresh token for the cookie. */
  refreshToken: string;
  /** How long the refresh token (and so its cookie) stays spendable, in seconds. */
  refreshMaxAgeSeconds: number;
}

function claimsOf(user: users.UserItem, sessionId: string): SessionClaims {
  return {
    sid: sessionId,
    sub: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_admin: user.is_admin,
  };
}

/** When a token issued now stops being spendable: 30 idle minutes on, or the family's end if sooner. */
function tokenExpiry(now: Date, familyEndsAt: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, familyEndsAt.getTime()));
}

const secondsUntil = (date: Date, now: Date) =>
  Math.max(0, Math.floor((date.getTime() - now.getTime()) / 1000));

/**
 * POST /auth/login. Wrong e-mail and wrong password get one message in similar time (a dummy argon2
 * verification for unknown e-mails); an unverified account is named only after its password checked out.
 *
 * The brute-force limit locks the attacker, not the owner (OWASP): once an account has had its 10 failures in
 * 15 minutes, a client address that has failed against it is refused (429, right password or not), but an
 * address that has not is still let in with the right password. Its one wrong guess is answered 401 and
 * counted, and refuses it too from then on. So an attacker cannot keep a family or the admin out by failing
 * every 90 seconds, and a distributed guesser gets one guess per address per 15 minutes past the limit.
 *
 * And the owner is never the one locked out (issue 34): a refusal mails the account a one-time sign-in code
 * (once per 15 minutes, whatever the password was, and answered the same either way), with which the right
 * password signs in from any address, the attacker's shared one included (signInWithCode).
 */
export async function login(input: LoginInput, client: { ip: string }): Promise<SignedIn> {
  if (input.code !== undefined) return signInWithCode({ ...input, code: input.code }, client);
  const now = new Date();
  const [perAccount, perClient, perAccountClient] = await Promise.all([
    countAttempt(rateLimits.loginAccount, input.email, now),
    countAttempt(rateLimits.loginClient, client.ip, now),
    countAttempt(rateLimits.loginAccountClient, `${input.email} ${client.ip}`, now),
  ]);
  const refund = () => Promise.all([perAccount.refund(), perClient.refund(), perAccountClient.refund()]);
  // Within the account's limit any address is checked; past it, only one that has not failed against it.
  const accountLets = perAccount.allowed || perAccountClient.count === 1;
  if (!accountLets || !perClient.allowed) {
    // As long as an existing account's mail takes, whether the address has an account or not.
    await withMinimumDuration(ENUMERATION_SAFE_FLOOR_MS, () => offerSignInCode(input.email, now));
    throw new TooManyRequestsError(serverMessages.tooManyLoginAttempts);
  }
  const user = await users.getUserByEmail(input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw new UnauthorizedError(serverMessages.loginFailed);
  // The right password: this attempt does not count as a failure.
  await refund();
  return startSession(user, now);
}

/** How long a mailed sign-in code works. */
export const SIGN_IN_CODE_TTL_MINUTES = 15;

/** A code's stored hash: the account and the code together, so a code of one account is no other's. */
const signInCodeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);

/** Mails a verified account a sign-in code, at most once per 15 minutes; nothing for an unknown address. */
async function offerSignInCode(email: string, now: Date): Promise<void> {
  if (!(await countAttempt(rateLimits.signInCodeMail, email, now)).allowed) return;
  const user = await users.getUserByEmail(email);
  if (!user?.verifiedAt) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const stored = await oneTimeTokens.putOneTimeToken(signInCodeHash(user.id, code), 'SIGNIN', {
    userId: user.id,
    passwordVersion: user.passwordVersion,
    expires: new Date(now.getTime() + SIGN_IN_CODE_TTL_MINUTES * 60_000),
  });
  if (!stored) return;
  // A mail that could not go changes nothing of the answer: the refusal stands, the next one mails again.
  await sendMail(signInCodeMail(user.email, user.first_name, code, SIGN_IN_CODE_TTL_MINUTES)).then(
    () => log.info('sign-in code mailed', { userId: user.id }),
    (error: unknown) =>
      log.warn('sign-in code not mailed', { error: error instanceof Error ? error.name : 'unknown' }),
  );
}

/**
 * POST /auth/login with `code`: the password and the mailed code together let the owner in whatever the
 * sign-in limits say; one wrong code costs one of 5 tries per 15 minutes, and a wrong password or code gets
 * the one login failure message. The code is spent on success, and its account's failures are forgiven.
 */
async function signInWithCode(
  input: LoginInput & { code: string },
  client: { ip: string },
): Promise<SignedIn> {
  const now = new Date();
  if (!(await countAttempt(rateLimits.signInCodeAccount, input.email, now)).allowed) {
    throw new TooManyRequestsError(serverMessages.tooManyAttempts);
  }
  const user = await users.getUserByEmail(input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  const spent =
    user !== null &&
    passwordOk &&
    (await oneTimeTokens.spendSignInCode({
      tokenHash: signInCodeHash(user.id, input.code),
      userId: user.id,
      passwordVersion: user.passwordVersion,
      now,
    }));
  if (!user || !spent) throw new UnauthorizedError(serverMessages.loginFailed);
  await Promise.all([
    clearLimit(rateLimits.loginAccount, input.email, now),
    clearLimit(rateLimits.loginAccountClient, `${input.email} ${client.ip}`, now),
  ]);
  log.info('signed in with a mailed code', { userId: user.id });
  return startSession(user, now);
}

/** A checked sign-in becomes a session: its family, its first refresh token and an access token naming it. */
async function startSession(user: users.UserItem, now: Date): Promise<SignedIn> {
  if (!user.verifiedAt) throw new ForbiddenError(serverMessages.verifyEmailFirst);
  const refreshToken = newSecretToken();
  const familyEndsAt = new Date(now.getTime() + (user.is_admin ? ADMIN_SESSION_MAX_MS : SESSION_MAX_MS));
  const expires = tokenExpiry(now, familyEndsAt);
  const familyId = randomUUID();
  const started = await sessionsTable.startSessionFamily({
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    passwordVersion: user.passwordVersion,
    now,
    expires,
    familyEndsAt,
  });
  // The password changed between the check and now (a reset raced this sign-in).
  if (!started) throw new UnauthorizedError(serverMessages.loginFailed);
  log.info('signed in', { userId: user.id });
  return {
    token: await signAccessToken(claimsOf(user, familyId)),
    refreshToken,
    refreshMaxAgeSeconds: secondsUntil(expires, now),
  };
}

function presentedRefreshToken(cookies: Readonly<Record<string, string>>): string | undefined {
  return v.parse(RefreshCookieSchema, cookies)[REFRESH_COOKIE];
}

/** POST /auth/refresh-token: spends the cookie's token and returns a new access token and refresh token. */
export async function refresh(cookies: Readonly<Record<string, string>>): Promise<SignedIn> {
  const expired = () => new UnauthorizedError(serverMessages.sessionExpired);
  const presented = presentedRefreshToken(cookies);
  if (!presented) throw expired();
  const now = new Date();
  const tokenHash = hashToken(presented);
  const spent = await sessionsTable.spendRefreshToken(tokenHash, now);
  if (!spent) {
    await handleUnspendable(tokenHash, now);
    throw expired();
  }
  // A token from before families had an end: its sign-in is older than any session may last now.
  if (spent.familyEndsAt === undefined) throw expired();
  const user = await users.getUser(spent.userId);
  if (!user) throw expired();
  const refreshToken = newSecretToken();
  const familyEndsAt = new Date(spent.familyEndsAt * 1000);
  const expires = tokenExpiry(now, familyEndsAt);
  const continued = await sessionsTable.continueSessionFamily({
    userId: spent.userId,
    familyId: spent.familyId,
    tokenHash: hashToken(refreshToken),
    now,
    expires,
    familyEndsAt,
  });
  if (!continued) throw expired();
  return {
    token: await signAccessToken(claimsOf(user, spent.familyId)),
    refreshToken,
    refreshMaxAgeSeconds: secondsUntil(expires, now),
  };
}

/** A token that could not be spent: unknown or expired (nothing to do), lost a race, or replayed (revoke). */
async function handleUnspendable(tokenHash: string, now: Date): Promise<void> {
  const item = await sessionsTable.getRefreshToken(tokenHash);
  if (!item?.usedAt) return;
  if (now.getTime() - item.usedAt < REFRESH_RACE_GRACE_MS) return;
  await sessionsTable.revokeSessionFamily(item.userId, item.familyId);
  log.warn('refresh token reuse: session family revoked', { userId: item.userId });
}

/** POST /auth/logout: revokes the cookie's session family (if any); the handler clears the cookie. */
export async function logout(cookies: Readonly<Record<string, string>>): Promise<void> {
  const presented = presentedRefreshToken(cookies);
  if (!presented) return;
  const item = await sessionsTable.getRefreshToken(hashToken(presented));
  if (item) await sessionsTable.revokeSessionFamily(item.userId, item.familyId);
}

/** The session family of the cookie's refresh token, when it is the caller's (a password change keeps it). */
export async function sessionFamilyOf(
  cookies: Readonly<Record<string, string>>,
  userId: string,
): Promise<string | undefined> {
  const presented = presentedRefreshToken(cookies);
  if (!presented) return undefined;
  const item = await sessionsTable.getRefreshToken(hashToken(presented));
  return item?.userId === userId ? item.familyId : undefined;
}
