import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { NEW_PASSWORD, registration, sameOrigin, signedInUser } from '../../../test/accounts';
import { linkFromLatestMail, mailsTo, tokenFromLink } from '../../../test/mailbox';
import { ok } from '../../../test/builders';

const login = (email: string, password: string, sourceIp?: string) =>
  call('login', { body: { email, password }, headers: sameOrigin, sourceIp });

const LOGIN_FAILED = 'Invalid email or password.';
const TOO_MANY_ATTEMPTS =
  'Too many attempts. If this is your account, we e-mailed you a sign-in code: enter it with your password to sign in now, or wait a few minutes and try again.';

describe('POST /auth/login', () => {
  it('gives one message for a wrong password and an unknown e-mail', async () => {
    const family = await signedInUser();

    const wrongPassword = await login(family.email, 'Wrong!Password123');
    const unknown = await login(`nobody-${family.email}`, 'Wrong!Password123');

    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: LOGIN_FAILED });
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('names an unverified account only to someone with its password', async () => {
    const input = registration();
    await ok('register', { body: input }, 201);

    const wrong = await login(input.email, 'Wrong!Password123');
    const right = await login(input.email, input.password);

    expect(wrong.body).toEqual({ message: LOGIN_FAILED });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ message: 'Please verify your email before logging in.' });
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const family = await signedInUser();

    const res = await login(`  ${family.email.toUpperCase()} `, family.password);

    expect(res.status).toBe(200);
  });

  it('answers failed sign-ins 1 to 10 of an account with 401, then 429 to an address that failed, right password or not', async () => {
    // Prepare
    const family = await signedInUser();

    // Act: an attacker guesses from a new address each time, so only the account's own limit applies
    const failures = [];
    for (let i = 1; i <= 10; i++)
      failures.push(await login(family.email, `Wrong!Password${i}x`, `198.51.100.${i}`));
    const fromAFailedAddress = await login(family.email, family.password, '198.51.100.10');

    // Assess
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401));
    expect(failures.map((f) => f.body.message)).toEqual(Array(10).fill(LOGIN_FAILED));
    expect(fromAFailedAddress.status).toBe(429);
    expect(fromAFailedAddress.body).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(fromAFailedAddress.cookies).toEqual([]);
  });

  it('locks the attacker, not the owner: the right password from an address that never failed still signs in', async () => {
    // Prepare: an attacker holds the account at its limit from one address, failing again every so often
    const family = await signedInUser();
    const attacker = '203.0.113.66';
    for (let i = 1; i <= 12; i++) await login(family.email, `Wrong!Password${i}x`, attacker);

    // Act
    const attackerWithTheRightPassword = await login(family.email, family.password, attacker);
    const owner = await login(family.email, family.password, '192.0.2.44');
    const ownerAgain = await login(family.email, family.password, '192.0.2.44');

    // Assess
    expect(attackerWithTheRightPassword.status).toBe(429);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    expect(ownerAgain.status).toBe(200);
  });

  it('past the limit, checks one guess from a fresh address (401) and refuses that address from then on', async () => {
    // Prepare
    const family = await signedInUser();
    for (let i = 1; i <= 10; i++) await login(family.email, `Wrong!Password${i}x`, `198.51.100.${i}`);

    // Act: a new address guesses wrong once, then tries the right password
    const guess = await login(family.email, 'Wrong!Password99x', '192.0.2.77');
    const then = await login(family.email, family.password, '192.0.2.77');

    // Assess
    expect(guess.status).toBe(401);
    expect(guess.body).toEqual({ message: LOGIN_FAILED });
    expect(then.status).toBe(429);
  });

  it('throttles failed attempts per account without blocking a password reset, which lifts the throttle', async () => {
    // Prepare: an attacker burns the account's failures from many addresses
    const family = await signedInUser();
    for (let i = 0; i < 10; i++) await login(family.email, `Wrong!Password${i}x`, `198.51.100.${i}`);

    // Act
    const throttled = await login(family.email, family.password, '198.51.100.3');
    const forgot = await call('forgotPassword', { body: { email: family.email }, sourceIp: '192.0.2.1' });
    const link = await linkFromLatestMail(family.email, /\/reset-password#/);
    const reset = await call('resetPassword', {
      body: { token: tokenFromLink(link), password: NEW_PASSWORD },
    });
    const afterReset = await login(family.email, NEW_PASSWORD, '198.51.100.3');

    // Assess
    expect(throttled.status).toBe(429);
    expect(forgot.status).toBe(200);
    expect(reset.status).toBe(200);
    expect(afterReset.status).toBe(200);
  });

  it('answers failures 1 to 50 from one client address with 401 and the 51st with 429; successes do not count', async () => {
    // Prepare: five good sign-ins from the address first, which must not use up its allowance
    const family = await signedInUser();
    const ip = '198.51.100.200';
    for (let i = 0; i < 5; i++) expect((await login(family.email, family.password, ip)).status).toBe(200);

    // Act: 50 failures sprayed across accounts, then the family signs in from that address and another
    const sprayed = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`sprayed-${i}@example.test`, 'Wrong!Password123', ip)),
    );
    const blocked = await login(family.email, family.password, ip);
    const elsewhere = await login(family.email, family.password, '198.51.100.201');

    // Assess
    expect(sprayed.map((s) => s.status)).toEqual(Array(50).fill(401));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: TOO_MANY_ATTEMPTS });
    expect(elsewhere.status).toBe(200);
  }, 60_000);

  describe('the owner is never the one locked out (issue 34)', () => {
    const withCode = (email: string, password: string, code: string, sourceIp: string) =>
      call('login', { body: { email, password, code }, headers: sameOrigin, sourceIp });

    /** The code in the newest sign-in code mail to the address. */
    async function mailedCode(email: string): Promise<string> {
      const mail = (await mailsTo(email)).filter((m) => m.subject.startsWith('Your sign-in code: ')).at(-1);
      if (!mail) throw new Error(`no sign-in code mailed to ${email}`);
      return /(\d{6})$/.exec(mail.subject)![1]!;
    }

    it('lets the owner in with the password and the mailed code from an address that failed once', async () => {
      // Prepare: an attacker holds the account at its limit; the owner mistypes once from home
      const family = await signedInUser();
      for (let i = 1; i <= 12; i++) await login(family.email, `Wrong!Password${i}x`, '203.0.113.66');
      const home = '192.0.2.55';
      expect((await login(family.email, 'Wrong!Typo1x', home)).status).toBe(401);
      const refused = await login(family.email, family.password, home);
      expect(refused.status).toBe(429);

      // Act
      const code = await mailedCode(family.email);
      const signedIn = await withCode(family.email, family.password, code, home);
      const again = await withCode(family.email, family.password, code, home);

      // Assess: in at once; the code worked once
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.token).toEqual(expect.any(String));
      expect(again.status).toBe(401);
      expect(again.body).toEqual({ message: LOGIN_FAILED });
    });

    it('lets the owner in from behind the attacker’s own address', async () => {
      const family = await signedInUser();
      const shared = '203.0.113.80';
      for (let i = 1; i <= 12; i++) await login(family.email, `Wrong!Password${i}x`, shared);
      expect((await login(family.email, family.password, shared)).status).toBe(429);

      const res = await withCode(family.email, family.password, await mailedCode(family.email), shared);

      expect(res.status).toBe(200);
    });

    it('gives the attacker nothing: the same answer right password or wrong, one mail, and no way in without both', async () => {
      // Prepare
      const family = await signedInUser();
      const attacker = '203.0.113.90';
      for (let i = 1; i <= 10; i++) await login(family.email, `Wrong!Password${i}x`, attacker);

      // Act: past the limit, the right and a wrong password; then guesses at the code
      const right = await login(family.email, family.password, attacker);
      const wrong = await login(family.email, 'Wrong!Password77x', attacker);
      const code = await mailedCode(family.email);
      const other = code === '000000' ? '000001' : '000000';
      const codeWithoutPassword = await withCode(family.email, 'Wrong!Password78x', code, attacker);
      const passwordWithoutCode = await withCode(family.email, family.password, other, attacker);

      // Assess
      expect([right.status, right.body]).toEqual([wrong.status, wrong.body]);
      expect(right.status).toBe(429);
      expect(
        (await mailsTo(family.email)).filter((m) => m.subject.startsWith('Your sign-in code')),
      ).toHaveLength(1);
      expect([codeWithoutPassword.status, passwordWithoutCode.status]).toEqual([401, 401]);
      expect(codeWithoutPassword.body).toEqual({ message: LOGIN_FAILED });
    });

    it('refuses a code after 5 wrong tries in 15 minutes, the right one included', async () => {
      const family = await signedInUser();
      for (let i = 1; i <= 11; i++) await login(family.email, `Wrong!Password${i}x`, '203.0.113.91');
      const code = await mailedCode(family.email);
      const wrongCodes = [1, 2, 3, 4, 5].map((k) => String((Number(code) + k) % 1_000_000).padStart(6, '0'));

      const tries = [];
      for (const wrong of wrongCodes) {
        tries.push((await withCode(family.email, family.password, wrong, '192.0.2.56')).status);
      }
      const right = await withCode(family.email, family.password, code, '192.0.2.56');

      expect(tries).toEqual([401, 401, 401, 401, 401]);
      expect(right.status).toBe(429);
    });

    it('refuses a code that is not six digits with a clear message', async () => {
      const family = await signedInUser();
      const res = await withCode(family.email, family.password, '12ab', '192.0.2.57');
      expect([res.status, res.body.message]).toEqual([400, 'Enter the 6-digit code from the e-mail.']);
    });
  });
});
