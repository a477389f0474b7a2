/**
 * No account enumeration: a known and an unknown e-mail get the same status and body from every endpoint
 * that takes an e-mail from someone not signed in.
 */
import { describe, expect, it } from 'vitest';
import { call, type CallResult } from './api';
import { registration, sameOrigin, signedInUser, uniqueEmail } from './accounts';
import { mailsTo } from './mailbox';
import { ENUMERATION_SAFE_FLOOR_MS } from '../src/services/response-timing';

const visible = (res: CallResult) => ({ status: res.status, body: res.body, cookies: res.cookies });

describe('known and unknown e-mails look alike', () => {
  it('on register', async () => {
    const known = await signedInUser();

    const again = await call('register', { body: registration({ email: known.email }) });
    const fresh = await call('register', { body: registration({ email: uniqueEmail() }) });

    expect(visible(again)).toEqual(visible(fresh));
  });

  it('on a failed login', async () => {
    const known = await signedInUser();

    const wrong = await call('login', {
      body: { email: known.email, password: 'Wrong!Password123' },
      headers: sameOrigin,
    });
    const unknown = await call('login', {
      body: { email: uniqueEmail(), password: 'Wrong!Password123' },
      headers: sameOrigin,
    });

    expect(visible(wrong)).toEqual(visible(unknown));
  });

  it('in time too: resend and forgot-password answer no sooner than the common floor either way', async () => {
    const known = await signedInUser();

    const durations = await Promise.all(
      (['resendVerification', 'forgotPassword'] as const).flatMap((route) =>
        [known.email, uniqueEmail()].map(async (email) => {
          const started = performance.now();
          await call(route, { body: { email } });
          return performance.now() - started;
        }),
      ),
    );

    for (const ms of durations) expect(ms).toBeGreaterThanOrEqual(ENUMERATION_SAFE_FLOOR_MS - 5);
  });

  it('on resend-verification, for verified, unverified and unknown e-mails', async () => {
    const verified = await signedInUser();
    const unverified = registration();
    await call('register', { body: unverified });

    const answers = await Promise.all(
      [verified.email, unverified.email, uniqueEmail()].map((email) =>
        call('resendVerification', { body: { email } }),
      ),
    );

    expect(visible(answers[0]!)).toEqual(visible(answers[2]!));
    expect(visible(answers[1]!)).toEqual(visible(answers[2]!));
    expect(answers[2]!.status).toBe(200);
    expect(answers[2]!.body.success).toBe(true);
    // Only the unverified account actually got a new link.
    expect(
      (await mailsTo(unverified.email)).filter((m) => m.subject === 'Verify your email address'),
    ).toHaveLength(2);
    expect(
      (await mailsTo(verified.email)).filter((m) => m.subject === 'Verify your email address'),
    ).toHaveLength(1);
  });

  it('on forgot-password, also once the per-e-mail limit silently stops the mails', async () => {
    const known = await signedInUser();
    const unknown = uniqueEmail();

    const answers = (
      await Promise.all(
        Array.from({ length: 7 }, () =>
          Promise.all([
            call('forgotPassword', { body: { email: known.email }, sourceIp: '192.0.2.10' }),
            call('forgotPassword', { body: { email: unknown }, sourceIp: '192.0.2.11' }),
          ]),
        ),
      )
    ).flat();

    for (const answer of answers) expect(visible(answer)).toEqual(visible(answers[1]!));
    expect((await mailsTo(known.email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(5);
  }, 30_000);
});
