/**
 * No account enumeration: a known and an unknown e-mail get the same status and body from every endpoint
 * that takes an e-mail from someone not signed in.
 */
import { describe, expect, it } from 'vitest';
import { call, type CallResult } from './api';
import { registration, sameOrigin, signedInUser, uniqueEmail } from './accounts';
import { mailsTo } from './mailbox';
import { ok } from './builders';

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

  it('in time too: register, resend and forgot-password each take at least 400 ms, for known and unknown e-mails', async () => {
    // Prepare: a verified account, an unverified one, and addresses nobody registered
    const verified = await signedInUser();
    const unverified = registration();
    await ok('register', { body: unverified }, 201);
    const requests = [
      ...[verified.email, unverified.email, uniqueEmail()].map((email) => ({
        route: 'register' as const,
        email,
        body: registration({ email }),
      })),
      ...(['resendVerification', 'forgotPassword'] as const).flatMap((route) =>
        [verified.email, unverified.email, uniqueEmail()].map((email) => ({ route, email, body: { email } })),
      ),
    ];

    // Act: one at a time, so each duration is the request's own and not a queue behind the others
    const timed = [];
    for (const { route, email, body } of requests) {
      const started = performance.now();
      const res = await call(route, { body });
      timed.push({
        route,
        request: `${route} ${email}`,
        status: res.status,
        ms: performance.now() - started,
      });
    }

    // Assess: every answer is a success, and none comes back sooner than 400 ms
    for (const { route, request, status, ms } of timed) {
      expect(status, request).toBe(route === 'register' ? 201 : 200);
      expect(ms, request).toBeGreaterThanOrEqual(400);
    }
  });

  it('on resend-verification, for verified, unverified and unknown e-mails', async () => {
    const verified = await signedInUser();
    const unverified = registration();
    await ok('register', { body: unverified }, 201);

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
  it('counts one mailbox however its address is cased or spaced: 5 reset mails an hour, then none', async () => {
    // Prepare
    const known = await signedInUser();
    const spellings = [
      known.email,
      known.email.toUpperCase(),
      `  ${known.email}`,
      `${known.email}  `,
      known.email.replace(/^./, (c) => c.toUpperCase()),
      ` ${known.email.toUpperCase()} `,
      known.email,
    ];

    // Act
    for (const email of spellings) {
      await call('forgotPassword', { body: { email }, sourceIp: '192.0.2.12' });
    }

    // Assess
    expect((await mailsTo(known.email)).filter((m) => m.subject === 'Reset your password')).toHaveLength(5);
  }, 30_000);
});
