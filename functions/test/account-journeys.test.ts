import { describe, expect, it } from 'vitest';
import { call } from './api';
import { linkFromLatestMail, mailsTo, tokenFromLink } from './mailbox';
import {
  NEW_PASSWORD,
  PASSWORD,
  SITE_ORIGIN,
  refreshCookieFrom,
  registration,
  sameOrigin,
  signedInUser,
} from './accounts';
import { verifyAccessToken } from '../src/lib/access-token';
import { ok } from './builders';

describe('a family creates an account and uses it', () => {
  it('registers, verifies from the mail, signs in, refreshes and signs out', async () => {
    // Prepare
    const input = registration({ first_name: 'Avery', last_name: 'Nguyen' });

    // Act: register, then read the link out of the inbox
    const registered = await call('register', { body: input });
    const link = await linkFromLatestMail(input.email, /\/verify-email#/);

    // Assess: the mail's link lives on the configured site, and signing in waits for verification
    expect(registered.status).toBe(201);
    expect(link.startsWith(`${SITE_ORIGIN}/verify-email#`)).toBe(true);
    const early = await call('login', {
      body: { email: input.email, password: PASSWORD },
      headers: sameOrigin,
    });
    expect(early.status).toBe(403);
    expect(early.body.message).toContain('verify your email');

    // Act: follow the link (the /verify-email screen posts the fragment's token)
    const verified = await call('verifyEmail', { body: { token: tokenFromLink(link) } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      success: true,
      message: 'Your email has been verified. You can now sign in.',
      email: input.email,
    });

    // Act: sign in
    const login = await call('login', {
      body: { email: input.email, password: PASSWORD },
      headers: sameOrigin,
    });
    expect(login.status).toBe(200);
    const claims = await verifyAccessToken(login.body.token as string);
    expect(claims).toMatchObject({
      email: input.email,
      first_name: 'Avery',
      last_name: 'Nguyen',
      is_admin: false,
    });
    const setCookie = login.cookies.find((c) => c.startsWith('refresh_token='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    // As long as a session may sit unused (spec §4: 30 minutes), not a week.
    expect(setCookie).toMatch(/Max-Age=1800(;|$)/);

    // Act: refresh with the cookie
    const refreshed = await call('refreshToken', {
      cookies: [refreshCookieFrom(login.cookies)],
      headers: sameOrigin,
    });
    expect(refreshed.status).toBe(200);
    expect((await verifyAccessToken(refreshed.body.token as string)).sub).toBe(claims.sub);
    const rotated = refreshCookieFrom(refreshed.cookies);
    expect(rotated).not.toBe(refreshCookieFrom(login.cookies));

    // Act: sign out
    const loggedOut = await call('logout', { cookies: [rotated], headers: sameOrigin });
    expect(loggedOut.status).toBe(204);
    expect(loggedOut.cookies.some((c) => c.startsWith('refresh_token=;') && c.includes('Max-Age=0'))).toBe(
      true,
    );

    // Assess: the session is dead; a second click on the spent link (as a mail scanner's first open
    // would cause) shows the confirmation again rather than an error
    const afterLogout = await call('refreshToken', { cookies: [rotated], headers: sameOrigin });
    expect(afterLogout.status).toBe(401);
    const reused = await call('verifyEmail', { body: { token: tokenFromLink(link) } });
    expect([reused.status, reused.body.success]).toEqual([200, true]);
  });

  it('resets a forgotten password: old password refused, new one accepted, old sessions dead, owner told', async () => {
    // Prepare: two signed-in devices
    const family = await signedInUser();
    const otherDevice = await ok('login', {
      body: { email: family.email, password: family.password },
      headers: sameOrigin,
    });

    // Act
    const forgot = await call('forgotPassword', { body: { email: family.email } });
    const link = await linkFromLatestMail(family.email, /\/reset-password#/);
    const token = tokenFromLink(link);
    const reset = await call('resetPassword', { body: { token, password: NEW_PASSWORD } });

    // Assess
    expect(forgot.status).toBe(200);
    expect(link.startsWith(`${SITE_ORIGIN}/reset-password#`)).toBe(true);
    expect(reset.status).toBe(200);
    const oldLogin = await call('login', {
      body: { email: family.email, password: PASSWORD },
      headers: sameOrigin,
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call('login', {
      body: { email: family.email, password: NEW_PASSWORD },
      headers: sameOrigin,
    });
    expect(newLogin.status).toBe(200);
    for (const cookie of [family.refreshCookie, refreshCookieFrom(otherDevice.cookies)]) {
      expect((await call('refreshToken', { cookies: [cookie], headers: sameOrigin })).status).toBe(401);
    }
    const again = await call('resetPassword', { body: { token, password: 'Yet#Another77Pass' } });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ msg: again.body.message }]);
    const changed = (await mailsTo(family.email)).filter((m) => m.subject === 'Your password was changed');
    expect(changed).toHaveLength(1);
  });
});
