/**
 * Signing out, changing the password and deleting the account end API access at once (issue 34): the access
 * token names its sign-in, and every signed-in request checks that sign-in is still live, so a token copied
 * before (another device, a shared computer, an attacker) reads and changes nothing after, instead of for the
 * rest of its 15 minutes.
 */
import { describe, expect, it } from 'vitest';
import { call } from './api';
import { NEW_PASSWORD, sameOrigin, signedInUser, uniqueEmail } from './accounts';
import { openSeason } from './players';
import { aTryoutRegistration, ok } from './builders';

/** What a token still reaches: a registration, the household, the export, and a change of address. */
async function reach(token: string, password: string) {
  const [tryout, household, exported, email] = [
    await call('getMyTryout', { token }),
    await call('getHousehold', { token }),
    await call('exportAccount', { token, query: {} }),
    await call('changeEmail', { token, body: { email: uniqueEmail('moved'), current_password: password } }),
  ];
  return [tryout.status, household.status, exported.status, email.status];
}

describe('a signed-in request checks the sign-in behind its token', () => {
  it('refuses the token at once after the sign-out of its session', async () => {
    // Prepare: a registered family, its token working
    await openSeason();
    const family = await signedInUser({ date_of_birth: '2011-03-04', parent_consent: true });
    expect(
      (
        await call('registerTryout', {
          token: family.token,
          body: aTryoutRegistration({ age_group: '15U Boys' }),
        })
      ).status,
    ).toBe(201);
    expect((await call('getMyTryout', { token: family.token })).status).toBe(200);

    // Act
    const out = await call('logout', { cookies: [family.refreshCookie], headers: sameOrigin });

    // Assess
    expect(out.status).toBe(204);
    expect(await reach(family.token, family.password)).toEqual([401, 401, 401, 401]);
    expect((await call('getMyTryout', { token: family.token })).body.message).toBe('Not signed in.');
  });

  it("refuses another device's token after a password change, and keeps this device's", async () => {
    // Prepare: the same account signed in on a second device
    const family = await signedInUser();
    const other = await ok('login', {
      body: { email: family.email, password: family.password },
      headers: sameOrigin,
    });
    const otherToken = other.body.token as string;
    expect((await call('getHousehold', { token: otherToken })).status).toBe(200);

    // Act
    const changed = await call('changePassword', {
      token: family.token,
      cookies: [family.refreshCookie],
      headers: sameOrigin,
      body: { current_password: family.password, new_password: NEW_PASSWORD },
    });

    // Assess
    expect(changed.status).toBe(200);
    expect(await reach(otherToken, NEW_PASSWORD)).toEqual([401, 401, 401, 401]);
    expect((await call('getHousehold', { token: family.token })).status).toBe(200);
  });

  it('refuses every token of a deleted account', async () => {
    const family = await signedInUser();
    const other = await ok('login', {
      body: { email: family.email, password: family.password },
      headers: sameOrigin,
    });

    const deleted = await call('deleteAccount', { token: family.token, body: { password: family.password } });

    expect(deleted.status).toBe(200);
    expect(await reach(family.token, family.password)).toEqual([401, 401, 401, 401]);
    expect(await reach(other.body.token as string, family.password)).toEqual([401, 401, 401, 401]);
  });
});
