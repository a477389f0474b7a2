import { describe, expect, it } from 'vitest';
import { serverMessages } from '@club/shared';
import { call } from '../../../test/api';
import { registration } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { putOneTimeToken } from '../../db/one-time-tokens';
import { getUserByEmail } from '../../db/users';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';

describe('POST /auth/verify-email', () => {
  it('verifies the account whose mail carried the token, from the body', async () => {
    const input = registration();
    await call('register', { body: input });
    const token = tokenFromLink(await linkFromLatestMail(input.email, /\/verify-email#/));

    const res = await call('verifyEmail', { body: { token } });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Your email has been verified. You can now sign in.',
    });
    expect((await getUserByEmail(input.email))!.verifiedAt).toBeDefined();
  });

  it('refuses an expired link with 400, leaving the account unverified', async () => {
    // Prepare
    const input = registration();
    await call('register', { body: input });
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
    await call('register', { body: input });
    const token = tokenFromLink(await linkFromLatestMail(input.email, /\/verify-email#/));

    const res = await call('verifyEmail', { query: { token }, body: {} });

    expect(res.status).toBe(400);
    expect((await getUserByEmail(input.email))!.verifiedAt).toBeUndefined();
  });
});
