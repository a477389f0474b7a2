import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { registration, SITE_ORIGIN } from '../../../test/accounts';
import { getUserByEmail, putOneTimeToken } from '../../db/users';
import { hashToken, newSecretToken } from '../../lib/secure-tokens';

const INVALID = `${SITE_ORIGIN}/verify-notice?link=invalid`;

describe('GET /auth/verify-email', () => {
  it('sends an expired link to the page that offers a resend, leaving the account unverified', async () => {
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
    const res = await call('verifyEmail', { query: { token } });

    // Assess
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(INVALID);
    expect((await getUserByEmail(input.email))!.verifiedAt).toBeUndefined();
  });

  it('sends a missing, malformed or unknown token to the same page, never to a host from the request', async () => {
    const answers = await Promise.all([
      call('verifyEmail'),
      call('verifyEmail', { query: { token: '<script>' } }),
      call('verifyEmail', { query: { token: newSecretToken() }, headers: { host: 'evil.example' } }),
    ]);

    for (const res of answers) {
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(INVALID);
    }
  });
});
