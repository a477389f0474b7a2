import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { refreshCookieFrom, sameOrigin, signedInUser } from '../../../test/accounts';
import { db, tableName } from '../../db/client';
import { keys } from '../../db/keys';
import { hashToken } from '../../lib/secure-tokens';
import { REFRESH_RACE_GRACE_MS } from '../../services/sessions';

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
