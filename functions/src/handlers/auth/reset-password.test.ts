import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { NEW_PASSWORD, registration, sameOrigin, signedInUser } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { getUserByEmail } from '../../db/accounts/users';
import { ok } from '../../../test/builders';

async function resetToken(email: string): Promise<string> {
  await ok('forgotPassword', { body: { email } });
  return tokenFromLink(await linkFromLatestMail(email, /\/reset-password#/));
}

describe('POST /auth/reset-password', () => {
  it('refuses a weak password with the reset form message as a list of { msg }, keeping the link usable', async () => {
    const family = await signedInUser();
    const token = await resetToken(family.email);

    const weak = await call('resetPassword', { body: { token, password: 'short' } });
    const strong = await call('resetPassword', { body: { token, password: NEW_PASSWORD } });

    const message =
      'Password must be at least 12 characters long, include an uppercase letter, include a number, include a special character';
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ message, errors: [{ field: 'password', msg: message }] });
    expect(strong.status).toBe(200);
  });

  it('kills older reset links once the password has changed', async () => {
    const family = await signedInUser();
    const older = await resetToken(family.email);
    const newer = await resetToken(family.email);

    const first = await call('resetPassword', { body: { token: newer, password: NEW_PASSWORD } });
    const stale = await call('resetPassword', { body: { token: older, password: 'Stale!Link1234' } });

    expect(first.status).toBe(200);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({
      message: 'This reset link is invalid or has expired. Please request a new one.',
      errors: [{ msg: 'This reset link is invalid or has expired. Please request a new one.' }],
    });
    const login = await call('login', {
      body: { email: family.email, password: NEW_PASSWORD },
      headers: sameOrigin,
    });
    expect(login.status).toBe(200);
  });

  it('refuses a missing token with the same message, changing nothing', async () => {
    const family = await signedInUser();

    const res = await call('resetPassword', { body: { password: NEW_PASSWORD } });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired link.');
    const login = await call('login', {
      body: { email: family.email, password: family.password },
      headers: sameOrigin,
    });
    expect(login.status).toBe(200);
  });

  it('refuses a malformed token with a message', async () => {
    const res = await call('resetPassword', { body: { token: 'nope', password: NEW_PASSWORD } });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired link.');
  });

  it('verifies the e-mail of an account that resets before verifying (the link proved the mailbox)', async () => {
    const input = registration();
    await ok('register', { body: input }, 201);
    const token = await resetToken(input.email);

    await ok('resetPassword', { body: { token, password: NEW_PASSWORD } });

    expect((await getUserByEmail(input.email))!.verifiedAt).toBeDefined();
  });
});
