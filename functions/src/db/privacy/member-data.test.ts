/**
 * What an account registered stays its own after it leaves the household (issue 34, held by issue 42): the
 * registration a guardian made for a child of a household it has since left carries that guardian's address,
 * so it is in the guardian's export and goes with the guardian's deletion.
 */
import { describe, expect, it } from 'vitest';
import type { Athlete } from '@club/shared';
import { getTryout } from '../registration/registrations';
import { call } from '../../../test/api';
import { PASSWORD, uniqueEmail } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, openSeason, tableText } from '../../../test/players';
import { aHouseholdRegistration, anAthlete } from '../../../test/builders';

/** Dana's household, Mina in it; Chris joins as a second guardian, registers Mina, then leaves. */
async function registeredThenLeft() {
  const season = await openSeason({ name: 'Leaving Fall 2025' });
  const dana = await createPlayer({
    first_name: 'Dana',
    account_type: 'guardian',
    email: uniqueEmail('dana'),
  });
  const added = await call('addAthlete', {
    token: dana.token,
    body: anAthlete({
      first_name: 'Mina',
      last_name: 'Quinn',
      date_of_birth: '2014-05-06',
      emergency_contact_name: 'Dana Quinn',
      emergency_contact_phone: '780-555-0199',
      emergency_contact_email: 'dana.quinn@example.test',
    }),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const mina = added.body as unknown as Athlete;
  const chris = await createPlayer({
    first_name: 'Chrysanthe',
    last_name: 'Vandermolen',
    account_type: 'guardian',
    email: uniqueEmail('chrysanthe'),
  });
  expect((await call('inviteGuardian', { token: dana.token, body: { email: chris.email } })).status).toBe(
    200,
  );
  const token = tokenFromLink(await linkFromLatestMail(chris.email, /\/household\/join#/));
  expect((await call('acceptGuardianInvite', { token: chris.token, body: { token } })).status).toBe(200);
  const registered = await call('registerTryout', {
    token: chris.token,
    body: aHouseholdRegistration([{ athlete_id: mina.id, age_group: '15U Girls' }]),
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  expect((await call('leaveHousehold', { token: chris.token })).status).toBe(200);
  return { season, dana, chris, mina, tryoutId: `${season.id}.${mina.id}` };
}

describe('a registration made before leaving the household', () => {
  it("is in the guardian's export afterwards", async () => {
    // Prepare
    const { chris, tryoutId } = await registeredThenLeft();

    // Act
    const res = await call('exportAccount', { token: chris.token });

    // Assess
    expect(res.status).toBe(200);
    const tryouts = (res.body.registrations ?? []) as Array<Record<string, unknown>>;
    expect(tryouts.map((t) => [t.first_name, t.age_group, t.email])).toEqual([
      ['Mina', '15U Girls', chris.email],
    ]);
    expect(res.text).toContain(tryoutId);
  });

  it("goes with the guardian's deletion: their address and account are nowhere in the table", async () => {
    // Prepare
    const { chris, dana, season, mina } = await registeredThenLeft();
    expect(await tableText()).toContain(chris.email.toLowerCase());

    // Act
    const res = await call('deleteAccount', { token: chris.token, body: { password: PASSWORD } });

    // Assess
    expect(res.status).toBe(200);
    const text = await tableText();
    for (const value of [chris.email, chris.id]) {
      expect(text, value).not.toContain(value.toLowerCase());
    }
    // Dana's family's registration now: hers to see and to pay, by her address
    expect(await getTryout(season.id, mina.id)).toMatchObject({
      user_id: dana.id,
      email: dana.email,
      guardians: [expect.objectContaining({ email: dana.email })],
    });
  });
});
