import { describe, expect, it } from 'vitest';
import { serverMessages } from '@club/shared';
import { call } from '../../../test/api';
import { registration } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { putOneTimeToken } from '../../db/accounts/one-time-tokens';
import { getUserByEmail } from '../../db/accounts/users';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';
import { ok } from '../../../test/builders';

describe('POST /auth/verify-email', () => {
  it('verifies the account whose mail carried the token, from the body', async () => {
    const input = registration();
    await ok('register', { body: input }, 201);
    const token = tokenFromLink(await linkFromLatestMail(input.email, /\/verify-email#/));

    const res = await call('verifyEmail', { body: { token } });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Your email has been verified. You can now sign in.',
      email: input.email,
    });
    expect((await getUserByEmail(input.email))!.verifiedAt).toBeDefined();
  });

  it('continues a family that signed up on its way to /tryout there, from the first link or a resent one (issue 36)', async () => {
    // Prepare: a parent signs up from "Register for tryouts", then asks for the link again.
    const input = {
      account_type: 'guardian',
      first_name: 'Dana',
      last_name: 'Okafor',
      email: `dana.${Date.now()}@example.test`,
      password: 'Correct-horse-9!',
      phone_number: '780-555-0142',
      is_adult: true,
      return_to: '/tryout',
    };
    expect((await call('register', { body: input })).status).toBe(201);
    const first = tokenFromLink(await linkFromLatestMail(input.email, /\/verify-email#/));
    await ok('resendVerification', { body: { email: input.email, return_to: '/tryout' } });
    const resent = tokenFromLink(await linkFromLatestMail(input.email, /\/verify-email#/));
    expect(resent).not.toBe(first);

    // Act: the resent link on another device, then the first one (a mail scanner's click, or a second tab).
    const onPhone = await call('verifyEmail', { body: { token: resent } });
    const again = await call('verifyEmail', { body: { token: first } });

    // Assess
    const expected = {
      success: true,
      message: 'Your email has been verified. You can now sign in.',
      email: input.email,
      return_to: '/tryout',
    };
    expect([onPhone.status, onPhone.body]).toEqual([200, expected]);
    expect([again.status, again.body]).toEqual([200, expected]);
  });

  it('refuses to carry a link anywhere but registration (issue 36)', async () => {
    const [elsewhere, offsite] = await Promise.all([
      call('register', { body: { ...registration(), return_to: '/admin' } }),
      call('resendVerification', { body: { email: 'a@example.test', return_to: 'https://evil.example' } }),
    ]);
    expect([elsewhere.status, elsewhere.body.message]).toEqual([400, 'Invalid request.']);
    expect([offsite.status, offsite.body.message]).toEqual([400, 'Invalid request.']);
  });

  it('refuses an expired link with 400, leaving the account unverified', async () => {
    // Prepare
    const input = registration();
    await ok('register', { body: input }, 201);
    const user = (await getUserByEmail(input.email))!;
    const token = newSecretToken();
    await putOneTimeToken(hashToken(token), 'VERIFY', {
      userId: user.id,
      passwordVersion: 0,
      expires: new Date(Date.now() - 1000),
    });

    // Act
    const res = await call('verifyEmail', { body: { token } });

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'This verification link is invalid or has expired. Please request a new one.',
    );
    expect((await getUserByEmail(input.email))!.verifiedAt).toBeUndefined();
  });

  it('refuses a missing, malformed or unknown token with 400 and a message', async () => {
    const [missing, malformed, unknown] = await Promise.all([
      call('verifyEmail', { body: {} }),
      call('verifyEmail', { body: { token: '<script>' } }),
      call('verifyEmail', { body: { token: newSecretToken() } }),
    ]);

    expect([missing.status, missing.body.message]).toEqual([400, 'Invalid or expired link.']);
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Invalid or expired link.']);
    expect([unknown.status, unknown.body.message]).toEqual([400, serverMessages.verifyLinkInvalid]);
  });

  it('takes no token from the query string: a token only ever travels in the body', async () => {
    const input = registration();
    await ok('register', { body: input }, 201);
    const token = tokenFromLink(await linkFromLatestMail(input.email, /\/verify-email#/));

    const res = await call('verifyEmail', { query: { token }, body: {} });

    expect(res.status).toBe(400);
    expect((await getUserByEmail(input.email))!.verifiedAt).toBeUndefined();
  });
});
