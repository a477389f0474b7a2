/**
 * Issue 17: sign-up for a parent or guardian ("account_type": "guardian"): names, e-mail, password, phone and
 * "is_adult": true, no birth date or emergency contact; the household starts with no athletes, and the
 * guardian registers the children they add.
 */
import { describe, expect, it } from 'vitest';
import type { Athlete, Household } from '@club/shared';
import { call } from '../../../test/api';
import { NEW_PASSWORD, sameOrigin, uniqueEmail } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { openSeason, tableSnapshot } from '../../../test/players';
import { getUserByEmail } from '../../db/accounts/users';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration } from '../../../test/builders';

const guardian = (email: string) => ({
  account_type: 'guardian',
  first_name: 'Robin',
  last_name: 'Quinn',
  email,
  password: NEW_PASSWORD,
  phone_number: '780-555-0199',
  is_adult: true,
});

/** Signs up, verifies from the mail and signs in; answers the access token. */
async function signedUpGuardian(email: string): Promise<string> {
  const res = await call('register', { body: guardian(email), headers: sameOrigin });
  expect(res.status).toBe(201);
  const link = await linkFromLatestMail(email, /\/verify-email#/);
  expect(
    (await call('verifyEmail', { body: { token: tokenFromLink(link) }, headers: sameOrigin })).status,
  ).toBe(200);
  const login = await call('login', { body: { email, password: NEW_PASSWORD }, headers: sameOrigin });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

describe('POST /auth/register for a parent or guardian', () => {
  it('makes an account with no athlete of its own, whose household starts empty', async () => {
    // Prepare
    const email = uniqueEmail('robin');

    // Act
    const token = await signedUpGuardian(email);

    // Assess
    const user = await getUserByEmail(email);
    expect(user).toMatchObject({
      account_type: 'guardian',
      first_name: 'Robin',
      phone_number: '780-555-0199',
    });
    expect(user?.date_of_birth).toBeUndefined();
    expect(user?.emergency_contact_name).toBeUndefined();
    const household = (await call('getHousehold', { token })).body as unknown as Household;
    expect(household).toEqual({
      guardians: [{ id: user!.id, first_name: 'Robin', last_name: 'Quinn', email }],
      athletes: [],
    });
  });

  it('registers the child a guardian adds, and never the guardian', async () => {
    // Prepare
    await openSeason();
    const token = await signedUpGuardian(uniqueEmail('robin'));
    const mina = (
      await call('addAthlete', {
        token,
        body: anAthlete({
          first_name: 'Mina',
          last_name: 'Quinn',
          date_of_birth: '2011-03-09',
          emergency_contact_name: 'Sam Quinn',
          emergency_contact_phone: '780-555-0101',
          emergency_contact_email: 'sam@example.test',
        }),
      })
    ).body as unknown as Athlete;

    // Act
    const self = await call('registerTryout', {
      token,
      body: aTryoutRegistration({ age_group: '15U Boys' }),
    });
    const child = await call('registerTryout', {
      token,
      body: aHouseholdRegistration([{ athlete_id: mina.id, age_group: '15U Girls' }]),
    });

    // Assess
    expect(self.status).toBe(404);
    expect(self.body.message).toBe('That athlete is not in your household.');
    expect(child.status).toBe(201);
  });

  it.each([
    [
      'not confirmed as an adult',
      { is_adult: false },
      'Please confirm you are 18 or older: a parent or guardian account is for adults.',
    ],
    ['without a phone', { phone_number: '' }, 'Phone number is required.'],
  ])('refuses a guardian %s with a clear message, and creates nothing', async (_, change, message) => {
    const before = await tableSnapshot();

    const res = await call('register', {
      body: { ...guardian(uniqueEmail('robin')), ...change },
      headers: sameOrigin,
    });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await tableSnapshot()).toBe(before);
  });
});
