import { describe, expect, it } from 'vitest';
import { serverMessages } from '@club/shared';
import { call } from '../../../test/api';
import { refreshCookieFrom, sameOrigin, signedInUser } from '../../../test/accounts';
import { REFRESH_RACE_GRACE_MS } from '../../services/sessions';

const refreshWith = (cookie: string, headers: Record<string, string> = sameOrigin) =>
  call('refreshToken', { cookies: [cookie], headers });

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
    expect(replay.body).toEqual({ message: serverMessages.sessionExpired });
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
