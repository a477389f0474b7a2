/**
 * Issue 17: POST /tryouts/register with `registrations` registers a household's athletes, each with a number;
 * the first athlete of a household in a season pays the fee, each further one the sibling fee, whether
 * registered together or later.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Athlete, HouseholdTryout } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, tableSnapshot, type TestPlayer } from '../../../test/players';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration, ok } from '../../../test/builders';

function bornIn(year: number): string {
  return `${year}-03-09`;
}

const child = (first_name: string, year: number, division?: 'boys' | 'girls') =>
  anAthlete({
    first_name,
    last_name: 'Quinn',
    date_of_birth: bornIn(year),
    emergency_contact_phone: '780-555-0199',
    ...(division ? { division } : {}),
  });

async function addChild(
  parent: TestPlayer,
  name: string,
  year: number,
  division?: 'boys' | 'girls',
): Promise<Athlete> {
  const res = await call('addAthlete', { token: parent.token, body: child(name, year, division) });
  expect(res.status).toBe(201);
  return res.body as unknown as Athlete;
}

/** A season counted from 2025 with a $45.00 fee and a $30.00 sibling fee. */
async function seasonWithSiblingFee(): Promise<string> {
  const seasonId = (await openSeason()).id;
  const admin = await createAdmin();
  const set = await call('updateSeason', {
    token: admin.token,
    params: { id: seasonId },
    body: { sibling_fee_cents: 3000 },
  });
  expect(set.status).toBe(200);
  return seasonId;
}

describe('registering a household’s athletes', () => {
  it('numbers each athlete, charges the first the fee and the next the sibling fee, and mails the guardian once', async () => {
    // Prepare
    const seasonId = await seasonWithSiblingFee();
    const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
    const mina = await addChild(parent, 'Mina', 2011);
    const leo = await addChild(parent, 'Leo', 2012);

    // Act
    const res = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration([
        { athlete_id: mina.id, age_group: '15U Girls' },
        { athlete_id: leo.id, age_group: '13U Boys' },
      ]),
    });

    // Assess
    expect(res.status).toBe(201);
    const made = res.body.tryouts as unknown as HouseholdTryout[];
    expect(made.map((t) => [t.athlete_id, t.age_group, t.payment_status, t.amount_due_cents])).toEqual([
      [mina.id, '15U Girls', 'cash', 4500],
      [leo.id, '13U Boys', 'cash', 3000],
    ]);
    expect(new Set(made.map((t) => t.tryout_number)).size).toBe(2);
    const family = (await call('getHouseholdTryouts', { token: parent.token }))
      .body as unknown as HouseholdTryout[];
    expect(family.map((t) => [t.athlete_id, t.hasRegistered])).toEqual([
      [parent.id, false],
      [mina.id, true],
      [leo.id, true],
    ]);
    // One confirmation for the household's registration: the guardian greeted, both children named (issue 36).
    const confirmations = (await mailsTo(parent.email)).filter((m) => /registered/.test(m.subject));
    expect(confirmations.map((m) => m.subject)).toEqual([
      'Mina and Leo are registered for Fall 2025 Tryouts',
    ]);
    const text = confirmations[0]!.body.text;
    expect(text).toMatch(/^Hi Jordan,\n\nMina and Leo are registered for Fall 2025 Tryouts\./);
    expect(text).toContain(`Mina: tryout number ${made[0]!.tryout_number}, 15U Girls.`);
    expect(text).toContain(`Leo: tryout number ${made[1]!.tryout_number}, 13U Boys.`);
    expect(text).toContain('Please bring $75.00 in cash to the first session.');
    expect(text).toMatch(/Subscribe to your family’s tryout calendar: webcal:\/\/\S+key=/);
    // The admin sees each child with the parent as guardian and contact.
    const admin = await createAdmin();
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: seasonId } }))
      .body as unknown as AdminTryoutRow[];
    expect(rows.find((r) => r.id === `${seasonId}.${leo.id}`)).toMatchObject({
      first_name: 'Leo',
      email: parent.email,
      is_under_18: true,
      guardians: [{ name: 'Jordan Quinn', email: parent.email }],
    });
  });

  it('charges the sibling fee to an athlete registered after the household’s first', async () => {
    // Prepare: the account holder registered first.
    await seasonWithSiblingFee();
    const parent = await createPlayer({ date_of_birth: '2010-06-15' });
    expect(
      (
        await call('registerTryout', {
          token: parent.token,
          body: aTryoutRegistration({ age_group: '15U Boys' }),
        })
      ).body.tryout,
    ).toMatchObject({ amount_due_cents: 4500 });
    const leo = await addChild(parent, 'Leo', 2012);

    // Act
    const res = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration([{ athlete_id: leo.id, age_group: '13U Boys' }]),
    });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body.tryout).toMatchObject({ amount_due_cents: 3000 });
  });

  it('keeps the division a family gives and holds a player’s own registration to it (issue 36)', async () => {
    // Prepare: a player says once that she plays on girls' teams.
    await seasonWithSiblingFee();
    const player = await createPlayer({ first_name: 'Ava', last_name: 'Stone', date_of_birth: '2010-06-15' });
    const said = await call('updateAthlete', {
      token: player.token,
      params: { id: player.id },
      body: { division: 'girls' },
    });
    expect(said.status).toBe(200);
    const before = await tableSnapshot();

    // Act
    const boys = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ age_group: '15U Boys' }),
    });
    const afterRefusal = await tableSnapshot();
    const girls = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ age_group: '15U Girls' }),
    });

    // Assess
    expect(boys.status).toBe(400);
    expect(boys.body.message).toBe(
      '15U Boys is not open to Ava Stone: Ava can try out for 15U Girls or 17U Girls this season.',
    );
    expect(afterRefusal).toBe(before);
    expect(girls.status).toBe(201);
    const household = await call('getHousehold', { token: player.token });
    expect((household.body.athletes as unknown as Athlete[]).map((a) => [a.first_name, a.division])).toEqual([
      ['Ava', 'girls'],
    ]);
    const bad = await call('updateAthlete', {
      token: player.token,
      params: { id: player.id },
      body: { division: 'mixed' },
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Choose the teams the athlete plays on.']);
  });

  it.each([
    ['an athlete of another household', 'stranger', 404, 'That athlete is not in your household.'],
    ['an athlete registered already', 'registered', 409, 'Mina is already registered for this season.'],
    [
      'a group the birth year does not allow',
      'too-old',
      400,
      '13U Boys is not open to Mina Quinn: Mina can try out for 15U Girls or 17U Girls this season.',
    ],
    [
      'a group of the other division (issue 36)',
      'other-division',
      400,
      '15U Boys is not open to Mina Quinn: Mina can try out for 15U Girls or 17U Girls this season.',
    ],
  ])('refuses %s with a clear message and registers no one', async (_, kind, status, message) => {
    // Prepare
    await seasonWithSiblingFee();
    const parent = await createPlayer();
    const mina = await addChild(parent, 'Mina', 2011, 'girls');
    const stranger = await addChild(await createPlayer(), 'Eve', 2011);
    if (kind === 'registered') {
      await ok(
        'registerTryout',
        {
          token: parent.token,
          body: aHouseholdRegistration([{ athlete_id: mina.id, age_group: '15U Girls' }]),
        },
        201,
      );
    }
    const before = await tableSnapshot();
    const second =
      kind === 'stranger'
        ? { athlete_id: stranger.id, age_group: '15U Girls' }
        : kind === 'too-old'
          ? { athlete_id: mina.id, age_group: '13U Boys' }
          : kind === 'other-division'
            ? { athlete_id: mina.id, age_group: '15U Boys' }
            : { athlete_id: mina.id, age_group: '15U Girls' };

    // Act
    const res = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration([second]),
    });

    // Assess
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await tableSnapshot()).toBe(before);
  });

  it.each([
    [
      'no athletes',
      aHouseholdRegistration([]),
      'Choose at least one athlete to register, with an age group for each.',
    ],
    ['the same athlete twice', 'twice', 'Each athlete can be registered once.'],
    ['both forms at once', 'both', 'Please select both payment method and age group.'],
  ])('refuses %s with a clear 400', async (_, body, message) => {
    const parent = await createPlayer();
    const id = parent.id;
    const sent =
      body === 'twice'
        ? aHouseholdRegistration([
            { athlete_id: id, age_group: '15U Boys' },
            { athlete_id: id, age_group: '15U Boys' },
          ])
        : body === 'both'
          ? aHouseholdRegistration([{ athlete_id: id, age_group: '15U Boys' }], { age_group: '15U Boys' })
          : body;

    const res = await call('registerTryout', { token: parent.token, body: sent });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });
});

describe('two guardians registering one athlete at once', () => {
  it('make one registration', async () => {
    // Prepare: a second parent joined the family.
    const seasonId = await seasonWithSiblingFee();
    const parent = await createPlayer();
    const mina = await addChild(parent, 'Mina', 2011);
    const other = await createPlayer({ email: `pat.${Date.now()}@example.test` });
    await ok('inviteGuardian', { token: parent.token, body: { email: other.email } });
    const link = (await mailsTo(other.email))
      .at(-1)!
      .body.text!.match(/https?:\/\/\S+\/household\/join#(\S+)/)!;
    expect(
      (await call('acceptGuardianInvite', { token: other.token, body: { token: link[1] } })).status,
    ).toBe(200);

    // Act
    const body = aHouseholdRegistration([{ athlete_id: mina.id, age_group: '15U Girls' }]);
    const answers = await Promise.all([
      call('registerTryout', { token: parent.token, body }),
      call('registerTryout', { token: other.token, body }),
    ]);

    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const admin = await createAdmin();
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: seasonId } }))
      .body as unknown as AdminTryoutRow[];
    expect(rows.filter((r) => r.id === `${seasonId}.${mina.id}`)).toHaveLength(1);
  });
});
