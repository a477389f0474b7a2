import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { NEW_PASSWORD, registration, sameOrigin, SITE_ORIGIN, uniqueEmail } from '../../../test/accounts';
import { linkFromLatestMail, mailsTo, tokenFromLink } from '../../../test/mailbox';
import { getUserByEmail } from '../../db/accounts/users';
import { ok } from '../../../test/builders';

function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

describe('POST /auth/register', () => {
  it('stores the account with an argon2id hash at OWASP parameters and the consent record, returning no secret', async () => {
    // Prepare
    const input = registration({
      date_of_birth: yearsAgo(14),
      parent_consent: true,
      email: uniqueEmail('Minor'),
    });

    // Act
    const res = await call('register', { body: input });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Registration successful. Please check your email to verify your account.',
    });
    const user = await getUserByEmail(input.email.toLowerCase());
    expect(user).toMatchObject({
      email: input.email.toLowerCase(),
      first_name: 'Jordan',
      parent_consent: true,
      // The version of the consent notice the parent agreed to
      consentNoticeVersion: '2025-08-01',
      is_admin: false,
    });
    expect(user!.verifiedAt).toBeUndefined();
    expect(Date.now() - Date.parse(user!.consentedAt)).toBeLessThan(60_000);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(JSON.stringify(res)).not.toContain('argon2');
    const mails = await mailsTo(input.email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email address']);
    expect(mails[0]!.body.text).toContain('Hi Jordan,');
    expect(mails[0]!.body.html).toContain('Hi Jordan,');
    // From the club by name, replies to a mailbox a person reads, the club named in the layout (issue 18).
    expect(mails[0]!.from).toBe('Summit Basketball <no-reply@club.test>');
    expect(mails[0]!.replyTo).toEqual(['info@club.test']);
    expect(mails[0]!.body.text).toContain('Thanks for creating an account with Summit Basketball.');
    expect(mails[0]!.body.text).toContain('Edmonton Summit Basketball Club');
    expect(mails[0]!.body.html).toContain('http://localhost:5173/apple-touch-icon.png');
    expect(mails[0]!.body.text).not.toMatch(/the club/i);
  });

  it('builds the mailed link from the configured site address, whatever Host the request claims', async () => {
    const input = registration();

    await ok(
      'register',
      {
        body: input,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' },
      },
      201,
    );

    const [mail] = await mailsTo(input.email);
    // The token rides in the fragment, which browsers never send: no server log can hold it.
    expect(mail!.body.text).toMatch(new RegExp(`${SITE_ORIGIN}/verify-email#[A-Za-z0-9_-]{43}\\b`));
    expect(mail!.body.text).not.toContain('token=');
    expect(`${mail!.body.text}${mail!.body.html}`).not.toContain('evil.example');
  });

  it('refuses an under-18 registrant without parent consent, with the message beside the other fields', async () => {
    const res = await call('register', {
      body: registration({ date_of_birth: yearsAgo(12), parent_consent: false, first_name: '' }),
    });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', msg: 'First name is required.' },
        { field: 'parent_consent', msg: 'Parent/guardian consent is required.' },
      ]),
    );
  });

  it('refuses a spam line for a name and an emergency contact address that copies a stranger in, mailing no one', async () => {
    // Prepare
    const spam = registration({ first_name: 'Claim your prize at evil.example,' });
    const bcc = registration({ emergency_contact_email: 'mom@example.com?bcc=attacker@evil.test' });
    const displayName = registration({ email: `"x"<${uniqueEmail('victim')}>` });

    // Act
    const answers = await Promise.all([spam, bcc, displayName].map((body) => call('register', { body })));

    // Assess
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(answers[0]!.body.errors).toEqual([
      {
        field: 'first_name',
        msg: 'First name can use letters, spaces, apostrophes, hyphens and periods only.',
      },
    ]);
    expect(answers[1]!.body.errors).toEqual([
      { field: 'emergency_contact_email', msg: 'Invalid email format.' },
    ]);
    expect(answers[2]!.body.errors).toEqual([{ field: 'email', msg: 'Invalid email format.' }]);
    expect(await getUserByEmail(spam.email)).toBeNull();
    expect(await getUserByEmail(bcc.email)).toBeNull();
    expect(await mailsTo(spam.email)).toEqual([]);
    expect(await mailsTo(bcc.email)).toEqual([]);
  });

  it("takes the names and addresses real families have: Zoë O'Neil, Nguyễn, 李, o'brien+tryouts@", async () => {
    const input = registration({
      first_name: 'Zoë',
      last_name: "O'Neil-Nguyễn",
      emergency_contact_name: '李 Wei',
      email: `o'brien+tryouts.${uniqueEmail('x').split('@')[0]}@Example.TEST`,
    });

    const res = await call('register', { body: input });

    expect(res.status).toBe(201);
    expect(await getUserByEmail(input.email.toLowerCase())).toMatchObject({
      first_name: 'Zoë',
      last_name: "O'Neil-Nguyễn",
      emergency_contact_name: '李 Wei',
      email: input.email.toLowerCase(),
    });
    expect(await mailsTo(input.email.toLowerCase())).toHaveLength(1);
  });

  it('refuses a birth date in the future and an empty body with the form messages', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

    const futureRes = await call('register', { body: registration({ date_of_birth: future }) });
    const empty = await call('register', { body: {} });

    expect(futureRes.status).toBe(400);
    expect(futureRes.body.message).toBe('Date of birth cannot be in the future.');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('First name is required.');
    expect((empty.body.errors as Array<{ msg: string }>).map((e) => e.msg)).toContain(
      'Relationship is required.',
    );
  });

  it('ignores an adult ticking the parent-consent box', async () => {
    const input = registration({ date_of_birth: yearsAgo(30), parent_consent: true });

    await ok('register', { body: input }, 201);

    expect((await getUserByEmail(input.email))!.parent_consent).toBe(false);
  });

  it('answers a second sign-up with the same e-mail (any case) the same, and mails the owner instead', async () => {
    // Prepare
    const input = registration();
    const first = await call('register', { body: input });

    // Act
    const second = await call('register', {
      body: registration({ email: input.email.toUpperCase(), first_name: 'Intruder' }),
    });

    // Assess
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    const subjects = (await mailsTo(input.email)).map((m) => m.subject);
    expect(subjects).toEqual(['Verify your email address', 'You already have an account']);
    expect((await getUserByEmail(input.email))!.first_name).toBe('Jordan');
  });

  it('lets the mailbox owner take over an unverified account someone else registered, by choosing a password', async () => {
    // Prepare: a stranger registered the family's address first and never verified it
    const squatted = registration({ password: 'Stranger!Chose123' });
    await ok('register', { body: squatted }, 201);

    // Act: the family registers, then follows the link in the mail it gets
    await call('register', { body: registration({ email: squatted.email }) });
    const link = await linkFromLatestMail(squatted.email, /\/reset-password#/);
    const chosen = await call('resetPassword', {
      body: { token: tokenFromLink(link), password: NEW_PASSWORD },
    });

    // Assess: the family's password works and the account is verified; the stranger's does not
    expect(chosen.status).toBe(200);
    const family = await call('login', {
      body: { email: squatted.email, password: NEW_PASSWORD },
      headers: sameOrigin,
    });
    const stranger = await call('login', {
      body: { email: squatted.email, password: 'Stranger!Chose123' },
      headers: sameOrigin,
    });
    expect(family.status).toBe(200);
    expect(stranger.status).toBe(401);
  });

  it('creates exactly one account from 50 concurrent sign-ups with one e-mail', async () => {
    // Prepare
    const email = uniqueEmail('race');

    // Act
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('register', {
          body: registration({ email, first_name: `Racer ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i % 26]}` }),
          sourceIp: `10.0.${Math.floor(i / 10)}.${i}`,
        }),
      ),
    );

    // Assess: all answered alike; one account; one verification mail
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    const user = await getUserByEmail(email);
    expect(user).not.toBeNull();
    const verifications = (await mailsTo(email)).filter((m) => m.subject === 'Verify your email address');
    expect(verifications).toHaveLength(1);
  }, 60_000);

  it('limits sign-ups from one client address with a 429 sentence', async () => {
    const ip = '203.0.113.77';
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(await call('register', { body: { first_name: '' }, sourceIp: ip }));
    }
    // Invalid bodies are refused before counting, so they never lock anyone out.
    expect(answers.every((a) => a.status === 400)).toBe(true);

    const valid = await Promise.all(
      Array.from({ length: 21 }, () => call('register', { body: registration(), sourceIp: ip })),
    );

    expect(valid.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = valid.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
  }, 60_000);
});
