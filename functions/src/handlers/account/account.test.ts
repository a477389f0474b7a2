/**
 * The account page's calls (issue 18): the account's own name and phone, a new password while signed in,
 * and a new e-mail address that takes effect only once the link mailed to it is followed.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { NEW_PASSWORD, sameOrigin, signedInUser, uniqueEmail } from '../../../test/accounts';
import { createAdmin } from '../../../test/admin';
import { linkFromLatestMail, mailsTo, tokenFromLink } from '../../../test/mailbox';
import { openSeason, tableSnapshot } from '../../../test/players';
import { aTryoutRegistration, ok } from '../../../test/builders';

const login = (email: string, password: string) =>
  call('login', { body: { email, password }, headers: sameOrigin });

describe('GET and PATCH /account', () => {
  it('answers the account, and changes the name and phone here and on the registration the admin sees', async () => {
    // Prepare: a registered player of the active season
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Account Season 2025' });
    const family = await signedInUser({
      first_name: 'Maya',
      last_name: 'Okafor',
      phone_number: '780-555-0134',
      date_of_birth: '2011-03-04',
      parent_consent: true,
    });
    const registered = await call('registerTryout', {
      token: family.token,
      body: aTryoutRegistration({ age_group: '15U Girls' }),
    });
    expect(registered.status).toBe(201);

    // Act
    const before = await call('getAccount', { token: family.token });
    const changed = await call('updateAccount', {
      token: family.token,
      body: { first_name: 'Maia', phone_number: '(587) 555-0190' },
    });

    // Assess
    expect(before.body).toMatchObject({
      first_name: 'Maya',
      last_name: 'Okafor',
      email: family.email,
      account_type: 'player',
      pending_email: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      first_name: 'Maia',
      last_name: 'Okafor',
      phone_number: '(587) 555-0190',
    });
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: season.id } }))
      .body as unknown as Array<{ email: string; first_name: string; phone_number: string }>;
    expect(rows.find((r) => r.email === family.email)).toMatchObject({
      first_name: 'Maia',
      phone_number: '(587) 555-0190',
    });
  });

  it.each([
    [{ phone_number: '555-0134' }, 'Invalid Canadian phone number.'],
    [{ first_name: '' }, 'First name is required.'],
    [
      { first_name: 'Visit evil.example' },
      'First name can use letters, spaces, apostrophes, hyphens and periods only.',
    ],
    [{ email: 'someone@example.test' }, 'Only your name and phone number can be changed here.'],
  ])('refuses %j with its message and changes nothing', async (body, message) => {
    const family = await signedInUser();
    const before = await tableSnapshot();

    const res = await call('updateAccount', { token: family.token, body });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('POST /auth/change-password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const family = await signedInUser();
    const before = await tableSnapshot();

    const res = await call('changePassword', {
      token: family.token,
      cookies: [family.refreshCookie],
      headers: sameOrigin,
      body: { current_password: 'Not!The9Password', new_password: NEW_PASSWORD },
    });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That is not your current password.');
    expect(await tableSnapshot()).toBe(before);
    expect((await login(family.email, family.password)).status).toBe(200);
  });

  it('refuses a new password under the rules, with the rules', async () => {
    const family = await signedInUser();

    const res = await call('changePassword', {
      token: family.token,
      cookies: [family.refreshCookie],
      headers: sameOrigin,
      body: { current_password: family.password, new_password: 'short' },
    });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Password must/);
  });

  it('changes it, keeps this device signed in, signs every other device out, and tells the owner', async () => {
    // Prepare: the same account signed in on a second device
    const family = await signedInUser();
    const other = await login(family.email, family.password);
    const otherCookie = other.cookies.find((c) => c.startsWith('refresh_token='))!.split(';')[0]!;

    // Act
    const res = await call('changePassword', {
      token: family.token,
      cookies: [family.refreshCookie],
      headers: sameOrigin,
      body: { current_password: family.password, new_password: NEW_PASSWORD },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your password was changed. Other devices were signed out.');
    expect((await login(family.email, family.password)).status).toBe(401);
    expect((await login(family.email, NEW_PASSWORD)).status).toBe(200);
    expect(
      (await call('refreshToken', { cookies: [family.refreshCookie], headers: sameOrigin })).status,
    ).toBe(200);
    expect((await call('refreshToken', { cookies: [otherCookie], headers: sameOrigin })).status).toBe(401);
    expect((await mailsTo(family.email)).map((m) => m.subject)).toContain('Your password was changed');
  });
});

describe('a new e-mail address', () => {
  it('takes effect only once the link mailed to it is followed, and the old address is told both times', async () => {
    // Prepare
    const family = await signedInUser();
    const next = uniqueEmail('moved');

    // Act: ask for it
    const asked = await call('changeEmail', {
      token: family.token,
      body: { email: next, current_password: family.password },
    });

    // Assess: nothing changed yet; the new address has the link, the old one the word
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(
      'We sent a link to your new address. Your e-mail changes once you follow it.',
    );
    expect((await call('getAccount', { token: family.token })).body).toMatchObject({
      email: family.email,
      pending_email: next,
    });
    expect((await login(next, family.password)).status).toBe(401);
    expect((await mailsTo(family.email)).map((m) => m.subject)).toContain(
      'A change of your email address was asked for',
    );

    // Act: follow the link
    const link = await linkFromLatestMail(next, /\/account\/confirm-email#/);
    const confirmed = await call('confirmEmailChange', { body: { token: tokenFromLink(link) } });

    // Assess: the account is at the new address, the old one signs in no more, and was told
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(
      'Your e-mail address was changed. Sign in with the new address from now on.',
    );
    expect((await login(next, family.password)).status).toBe(200);
    expect((await login(family.email, family.password)).status).toBe(401);
    expect((await call('getAccount', { token: family.token })).body).toMatchObject({
      email: next,
      pending_email: null,
    });
    const told = (await mailsTo(family.email)).find((m) => m.subject === 'Your email address was changed');
    expect(told?.body.text).toContain(next);

    // The link works once: followed again, it says it was done (issue 42), changing and mailing nothing
    const again = await call('confirmEmailChange', { body: { token: tokenFromLink(link) } });
    expect([again.status, again.body.message]).toEqual([
      200,
      'Your e-mail address was changed. Sign in with the new address from now on.',
    ]);
    expect(
      (await mailsTo(family.email)).filter((m) => m.subject === 'Your email address was changed'),
    ).toHaveLength(1);
  });

  it('ten clicks at once on one link make one change, each answered as done, and one mail (issue 42)', async () => {
    // Prepare
    const family = await signedInUser();
    const next = uniqueEmail('tenclicks');
    const asked = await call('changeEmail', {
      token: family.token,
      body: { email: next, current_password: family.password },
    });
    expect(asked.status).toBe(200);
    const token = tokenFromLink(await linkFromLatestMail(next, /\/account\/confirm-email#/));

    // Act
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => call('confirmEmailChange', { body: { token } })),
    );

    // Assess
    expect(clicks.map((c) => [c.status, c.body.message])).toEqual(
      Array.from({ length: 10 }, () => [
        200,
        'Your e-mail address was changed. Sign in with the new address from now on.',
      ]),
    );
    expect((await call('getAccount', { token: family.token })).body).toMatchObject({
      email: next,
      pending_email: null,
    });
    expect((await login(next, family.password)).status).toBe(200);
    const told = (await mailsTo(family.email)).filter((m) => m.subject === 'Your email address was changed');
    expect(told).toHaveLength(1);
  });

  it('refuses an address another account holds, a wrong password, and its own address, changing nothing', async () => {
    const family = await signedInUser();
    const neighbour = await signedInUser();
    const before = await tableSnapshot();

    const taken = await call('changeEmail', {
      token: family.token,
      body: { email: neighbour.email.toUpperCase(), current_password: family.password },
    });
    const wrong = await call('changeEmail', {
      token: family.token,
      body: { email: uniqueEmail('x'), current_password: 'Not!The9Password' },
    });
    const same = await call('changeEmail', {
      token: family.token,
      body: { email: family.email, current_password: family.password },
    });

    expect([taken.status, taken.body.message]).toEqual([
      409,
      'That e-mail address belongs to another account.',
    ]);
    expect([wrong.status, wrong.body.message]).toEqual([400, 'That is not your current password.']);
    expect([same.status, same.body.message]).toEqual([400, 'That is already your e-mail address.']);
    // A wrong password counts toward the account's limit: only the rate window moved
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('an earlier e-mail-change link (issue 34: an attacker who once knew the password)', () => {
  /** The attacker asks for their own address while they still know the password; the link reaches them. */
  async function attackerLink(family: { token: string; password: string }) {
    const attacker = uniqueEmail('attacker');
    const asked = await call('changeEmail', {
      token: family.token,
      body: { email: attacker, current_password: family.password },
    });
    expect(asked.status).toBe(200);
    return {
      attacker,
      token: tokenFromLink(await linkFromLatestMail(attacker, /\/account\/confirm-email#/)),
    };
  }

  const INVALID = 'This link is invalid or has expired. Ask for a new one from your account page.';

  it('is dead once the owner changes the password, and after a newer request for another address', async () => {
    // Prepare: the attacker's link, then the owner changes the password and asks for a different address
    const family = await signedInUser();
    const { attacker, token } = await attackerLink(family);
    const changed = await call('changePassword', {
      token: family.token,
      cookies: [family.refreshCookie],
      headers: sameOrigin,
      body: { current_password: family.password, new_password: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const owners = uniqueEmail('owner-new');
    const asked = await call('changeEmail', {
      token: family.token,
      body: { email: owners, current_password: NEW_PASSWORD },
    });
    expect(asked.status).toBe(200);

    // Act: the attacker follows the old link
    const res = await call('confirmEmailChange', { body: { token } });

    // Assess: refused; the account is where it was, the owner's own link still works
    expect([res.status, res.body.message]).toEqual([400, INVALID]);
    expect((await login(attacker, NEW_PASSWORD)).status).toBe(401);
    expect((await call('getAccount', { token: family.token })).body).toMatchObject({
      email: family.email,
      pending_email: owners,
    });
    const ownLink = await linkFromLatestMail(owners, /\/account\/confirm-email#/);
    expect((await call('confirmEmailChange', { body: { token: tokenFromLink(ownLink) } })).status).toBe(200);
    expect((await login(owners, NEW_PASSWORD)).status).toBe(200);
  });

  it('is dead once the password changes, even with no newer request', async () => {
    const family = await signedInUser();
    const { token } = await attackerLink(family);
    await ok('changePassword', {
      token: family.token,
      cookies: [family.refreshCookie],
      headers: sameOrigin,
      body: { current_password: family.password, new_password: NEW_PASSWORD },
    });

    const res = await call('confirmEmailChange', { body: { token } });

    expect([res.status, res.body.message]).toEqual([400, INVALID]);
    expect((await call('getAccount', { token: family.token })).body).toMatchObject({
      email: family.email,
      pending_email: null,
    });
  });

  it('is dead once the password is reset through the forgotten-password mail', async () => {
    const family = await signedInUser();
    const { token } = await attackerLink(family);
    await ok('forgotPassword', { body: { email: family.email } });
    const resetLink = await linkFromLatestMail(family.email, /\/reset-password#/);
    const reset = await call('resetPassword', {
      body: { token: tokenFromLink(resetLink), password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);

    const res = await call('confirmEmailChange', { body: { token } });

    expect([res.status, res.body.message]).toEqual([400, INVALID]);
    expect((await login(family.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('is dead once a newer request is made, the password unchanged', async () => {
    const family = await signedInUser();
    const { token } = await attackerLink(family);
    await ok('changeEmail', {
      token: family.token,
      body: { email: uniqueEmail('owner-new'), current_password: family.password },
    });

    const res = await call('confirmEmailChange', { body: { token } });

    expect([res.status, res.body.message]).toEqual([400, INVALID]);
  });
});
