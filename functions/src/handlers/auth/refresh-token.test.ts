import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../test/api';
import { PASSWORD, refreshCookieFrom, sameOrigin, signedInUser, uniqueEmail } from '../../../test/accounts';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { hashToken } from '../../lib/secure-tokens';
import { ensureSeedAdmin } from '../../services/accounts/accounts';
import { REFRESH_RACE_GRACE_MS } from '../../services/accounts/sign-in-sessions';
import { ok } from '../../../test/builders';

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

const refreshWith = (cookie: string, headers: Record<string, string> = sameOrigin) =>
  call('refreshToken', { cookies: [cookie], headers });

/**
 * Moves a stored refresh token's expiry to `epochSeconds`, leaving the item in the table: DynamoDB's TTL
 * deletes expired items lazily, often hours late, so an expired token can still be read.
 */
async function storedTokenExpiresAt(cookie: string, epochSeconds: number): Promise<void> {
  const token = cookie.slice('refresh_token='.length);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.refreshSession(hashToken(token)),
      UpdateExpression: 'SET expiresAt = :e',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':e': epochSeconds },
    }),
  );
}

const nowInSeconds = () => Math.floor(Date.now() / 1000);

describe('POST /auth/refresh-token', () => {
  it('revokes the whole family when a spent token comes back', async () => {
    // Prepare: the family's token is rotated once; a thief kept the first one
    const family = await signedInUser();
    const stolen = family.refreshCookie;
    const rotated = refreshCookieFrom((await refreshWith(stolen)).cookies);
    const current = refreshCookieFrom((await refreshWith(rotated)).cookies);
    await new Promise((r) => setTimeout(r, REFRESH_RACE_GRACE_MS + 200));

    // Act: the spent token is presented again
    const replay = await refreshWith(stolen);

    // Assess: refused, and the family's newest token is dead too
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: SESSION_EXPIRED });
    expect((await refreshWith(current)).status).toBe(401);
  });

  it('lets exactly one of 10 concurrent refreshes with one token win', async () => {
    // Prepare
    const family = await signedInUser();

    // Act
    const answers = await Promise.all(Array.from({ length: 10 }, () => refreshWith(family.refreshCookie)));

    // Assess: one winner, whose new token keeps the session going (losers of a race revoke nothing)
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(9);
    const next = await refreshWith(refreshCookieFrom(winners[0]!.cookies));
    expect(next.status).toBe(200);
  });

  it('refuses a token whose expiry has passed though TTL has not removed it yet, and takes one a minute short of it', async () => {
    // Prepare: two sign-ins; one token expired this second (still stored), the other expires in a minute
    const expired = await signedInUser();
    const current = await signedInUser();
    await storedTokenExpiresAt(expired.refreshCookie, nowInSeconds());
    await storedTokenExpiresAt(current.refreshCookie, nowInSeconds() + 60);

    // Act
    const refused = await refreshWith(expired.refreshCookie);
    const accepted = await refreshWith(current.refreshCookie);

    // Assess
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: SESSION_EXPIRED });
    expect(refused.cookies).toEqual([]);
    expect(accepted.status).toBe(200);
    expect(accepted.body.token).toEqual(expect.any(String));
  });

  it('refuses a missing or malformed cookie, and any foreign origin before looking at the cookie', async () => {
    const family = await signedInUser();

    const none = await call('refreshToken', { headers: sameOrigin });
    const garbage = await refreshWith('refresh_token=not-a-token');
    const foreign = await refreshWith(family.refreshCookie, { origin: 'https://evil.example' });
    const noOrigin = await refreshWith(family.refreshCookie, {});

    expect(none.status).toBe(401);
    expect(garbage.status).toBe(401);
    expect(foreign.status).toBe(403);
    expect(noOrigin.status).toBe(403);
    // The refused requests did not spend the token.
    expect((await refreshWith(family.refreshCookie)).status).toBe(200);
  });
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('POST /auth/refresh-token: sessions end on the server (spec §4: 30 minutes of inactivity)', () => {
  afterEach(() => vi.useRealTimers());

  /** Sets the server's clock, stopped there: only Date, so the table and the network keep their real timers. */
  function clockAt(start: number, later: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + later);
  }

  /** Now, rounded up to a whole second, as the table stores the times it compares. */
  const aWholeSecond = () => Math.ceil(Date.now() / 1000) * 1000;

  const maxAgeOf = (cookies: string[]) =>
    Number(/Max-Age=(\d+)/.exec(cookies.find((c) => c.startsWith('refresh_token='))!)![1]);

  it('refuses a family nobody refreshed for 30 minutes, and takes one refreshed at 29 minutes 59 seconds', async () => {
    // Prepare: two sign-ins at the same moment; the tab of one is closed
    const start = aWholeSecond();
    clockAt(start, 0);
    const kept = await signedInUser();
    const closed = await signedInUser();

    // Act
    clockAt(start, 29 * MINUTE + 59_000);
    const inTime = await refreshWith(kept.refreshCookie);
    clockAt(start, 30 * MINUTE + 1_000);
    const late = await refreshWith(closed.refreshCookie);

    // Assess
    expect(inTime.status).toBe(200);
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: SESSION_EXPIRED });
  });

  it('counts the 30 minutes from the last refresh, and gives the cookie no longer than that', async () => {
    // Prepare
    const start = aWholeSecond();
    clockAt(start, 0);
    const member = await signedInUser();
    clockAt(start, 20 * MINUTE);
    const refreshed = await refreshWith(member.refreshCookie);
    const next = refreshCookieFrom(refreshed.cookies);

    // Act: 29:59 and 30:01 after that refresh, with the same token
    clockAt(start, 20 * MINUTE + 29 * MINUTE + 59_000);
    const inTime = await refreshWith(next);
    const spentAgain = refreshCookieFrom(inTime.cookies);
    clockAt(start, 20 * MINUTE + 29 * MINUTE + 59_000 + 30 * MINUTE + 1_000);
    const late = await refreshWith(spentAgain);

    // Assess
    expect(maxAgeOf(refreshed.cookies)).toBe(1800);
    expect(inTime.status).toBe(200);
    expect(late.status).toBe(401);
  });

  it("ends a member's family 12 hours after sign-in however busy it was, the last cookie reaching no further", async () => {
    // Prepare: an active member refreshes every 25 minutes all day
    const start = aWholeSecond();
    clockAt(start, 0);
    const member = await signedInUser();
    let cookie = member.refreshCookie;
    let lastAnswer = { status: 0, cookies: [] as string[] };
    for (let at = 25 * MINUTE; at < 12 * HOUR - MINUTE; at += 25 * MINUTE) {
      clockAt(start, at);
      lastAnswer = await refreshWith(cookie);
      expect(lastAnswer.status).toBe(200);
      cookie = refreshCookieFrom(lastAnswer.cookies);
    }
    // At 11:55 the next token lives 5 minutes, not 30: the family ends at 12:00
    clockAt(start, 12 * HOUR - 5 * MINUTE);
    const nearTheEnd = await refreshWith(cookie);

    // Act
    clockAt(start, 12 * HOUR + 1_000);
    const after = await refreshWith(refreshCookieFrom(nearTheEnd.cookies));

    // Assess
    expect(lastAnswer.status).toBe(200);
    expect(nearTheEnd.status).toBe(200);
    expect(maxAgeOf(nearTheEnd.cookies)).toBe(300);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: SESSION_EXPIRED });
  });

  it("ends an administrator's family 8 hours after sign-in", async () => {
    // Prepare
    const email = uniqueEmail('admin');
    await ensureSeedAdmin({ email, password: PASSWORD });
    const start = aWholeSecond();
    clockAt(start, 0);
    const login = await ok('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
    let cookie = refreshCookieFrom(login.cookies);
    for (let at = 25 * MINUTE; at < 8 * HOUR - MINUTE; at += 25 * MINUTE) {
      clockAt(start, at);
      const answer = await refreshWith(cookie);
      expect(answer.status).toBe(200);
      cookie = refreshCookieFrom(answer.cookies);
    }

    // Act: 7:59:59 and 8:00:01 after sign-in
    clockAt(start, 8 * HOUR - 1_000);
    const inTime = await refreshWith(cookie);
    clockAt(start, 8 * HOUR + 1_000);
    const after = await refreshWith(refreshCookieFrom(inTime.cookies));

    // Assess
    expect(inTime.status).toBe(200);
    expect(after.status).toBe(401);
  });
});
