/**
 * Issue 17, first part: a household's athletes. An existing account is a household of one whose athlete is
 * the account holder; a guardian adds, changes and removes athletes; another household's ids are 404s.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Athlete, Household } from '@club/shared';
import { getHouseholdItems } from '../../db/households/households';
import { getUser } from '../../db/accounts/users';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { createPlayer, openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import { anAthlete, ok } from '../../../test/builders';

/** A child born 9 years before today (under 18: consent needed). */
function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

const CHILD = anAthlete({
  first_name: 'Mina',
  last_name: 'Quinn',
  date_of_birth: bornYearsAgo(9),
  emergency_contact_phone: '780-555-0199',
});

const household = async (token: string) =>
  (await call('getHousehold', { token })).body as unknown as Household;

describe('GET /household', () => {
  it('answers an existing account as a household of one whose athlete is the account holder', async () => {
    // Prepare
    const player = await createPlayer();

    // Act
    const res = await call('getHousehold', { token: player.token });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      guardians: [{ id: player.id, first_name: 'Avery', last_name: 'Quinn', email: player.email }],
      athletes: [
        {
          id: player.id,
          first_name: 'Avery',
          last_name: 'Quinn',
          date_of_birth: '2010-06-15',
          emergency_contact_name: 'Robin Quinn',
          emergency_contact_phone: '7805550199',
          emergency_contact_email: 'robin.quinn@example.test',
          emergency_contact_relationship: 'parent',
          parent_consent: true,
        },
      ],
    });
  });
});

describe('POST /household/athletes', () => {
  it('adds a child with the consent recorded (who, when, which notice), kept beside the account holder', async () => {
    // Prepare
    const parent = await createPlayer();

    // Act
    const res = await call('addAthlete', { token: parent.token, body: CHILD });

    // Assess
    expect(res.status).toBe(201);
    const child = res.body as unknown as Athlete;
    expect(child).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...CHILD,
      emergency_contact_phone: '780-555-0199',
    });
    expect((await household(parent.token)).athletes.map((a) => a.first_name)).toEqual(['Avery', 'Mina']);
    const [stored] = (await getHouseholdItems((await getUser(parent.id))!.household_id!)).athletes;
    // The privacy notice version a consent is given to (shared constants: the notice of 2025-08-01).
    expect(stored).toMatchObject({ consent_by: parent.id, consent_notice_version: '2025-08-01' });
    expect(Date.now() - Date.parse(stored!.consented_at!)).toBeLessThan(60_000);
  });

  it.each([
    [
      'no consent for a child under 18',
      { ...CHILD, parent_consent: false },
      'Parent/guardian consent is required.',
    ],
    ['no first name', { ...CHILD, first_name: ' ' }, 'First name is required.'],
    ['no birth date', { ...CHILD, date_of_birth: '' }, 'Date of birth is required.'],
    ['no emergency contact', { ...CHILD, emergency_contact_name: '' }, 'Contact name is required.'],
  ])('refuses %s with the registration form’s message and stores nothing', async (_, body, message) => {
    // Prepare
    const parent = await createPlayer();
    const before = await tableSnapshot();

    // Act
    const res = await call('addAthlete', { token: parent.token, body });

    // Assess
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await tableSnapshot()).toBe(before);
  });

  it('takes an adult athlete without consent', async () => {
    const parent = await createPlayer();

    const res = await call('addAthlete', {
      token: parent.token,
      body: { ...CHILD, date_of_birth: bornYearsAgo(19), parent_consent: false },
    });

    expect(res.status).toBe(201);
  });

  it('holds 12 athletes, the account holder included, and refuses the 13th', async () => {
    // Prepare: the account holder and 10 children.
    const parent = await createPlayer();
    for (let i = 0; i < 10; i += 1) await ok('addAthlete', { token: parent.token, body: CHILD }, 201);

    // Act
    const twelfth = await call('addAthlete', { token: parent.token, body: CHILD });
    const thirteenth = await call('addAthlete', { token: parent.token, body: CHILD });

    // Assess
    expect(twelfth.status).toBe(201);
    expect(thirteenth.status).toBe(409);
    expect(thirteenth.body.message).toBe('A household can have at most 12 athletes.');
    expect((await household(parent.token)).athletes).toHaveLength(12);
  });

  it('holds the limit of 12 when 25 children are added at the same moment (issue 34)', async () => {
    // Prepare: the account holder alone
    const parent = await createPlayer();

    // Act: 25 requests at once
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => call('addAthlete', { token: parent.token, body: CHILD })),
    );

    // Assess: 11 added beside the account holder, 14 refused with the limit's message
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(11);
    expect(statuses.filter((s) => s === 409)).toHaveLength(14);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe('A household can have at most 12 athletes.');
    }
    expect((await household(parent.token)).athletes).toHaveLength(12);
  });

  it('counts a removed athlete out, so another can take its place, and never a 13th', async () => {
    const parent = await createPlayer();
    const ids: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      ids.push(
        ((await ok('addAthlete', { token: parent.token, body: CHILD }, 201)).body as { id: string }).id,
      );
    }
    expect((await call('deleteAthlete', { token: parent.token, params: { id: ids[0]! } })).status).toBe(200);

    const again = await Promise.all(
      Array.from({ length: 5 }, () => call('addAthlete', { token: parent.token, body: CHILD })),
    );

    expect(again.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await household(parent.token)).athletes).toHaveLength(12);
  });
});

describe('PATCH and DELETE /household/athletes/{id}', () => {
  it('changes a registered athlete’s emergency contact, and the admin row shows it at once', async () => {
    // Prepare
    const seasonId = (await openSeason()).id;
    const admin = await createAdmin();
    const player = await registeredPlayer('cash');

    // Act
    const res = await call('updateAthlete', {
      token: player.token,
      params: { id: player.id },
      body: { emergency_contact_name: 'Sam Rivera', emergency_contact_phone: '587-555-0101' },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      emergency_contact_name: 'Sam Rivera',
      emergency_contact_phone: '587-555-0101',
    });
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: seasonId } }))
      .body as unknown as AdminTryoutRow[];
    expect(rows.find((r) => r.id === `${seasonId}.${player.id}`)).toMatchObject({
      emergency_contact_name: 'Sam Rivera',
      emergency_contact_phone: '587-555-0101',
    });
  });

  it('locks the birth date of an athlete registered this season, and changes nothing', async () => {
    // Prepare
    await openSeason();
    const player = await registeredPlayer('cash');
    const before = await tableSnapshot();

    // Act
    const res = await call('updateAthlete', {
      token: player.token,
      params: { id: player.id },
      body: { date_of_birth: '2009-06-15' },
    });

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'The birth date cannot change while the athlete is registered for the current season, since it decides the age group. Please contact the club.',
    );
    expect(await tableSnapshot()).toBe(before);
  });

  it('asks for consent when a change makes the athlete a minor without it', async () => {
    const parent = await createPlayer();
    const adult = (
      await call('addAthlete', {
        token: parent.token,
        body: { ...CHILD, date_of_birth: bornYearsAgo(19), parent_consent: false },
      })
    ).body as unknown as Athlete;

    const res = await call('updateAthlete', {
      token: parent.token,
      params: { id: adult.id },
      body: { date_of_birth: bornYearsAgo(17) },
    });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Parent/guardian consent is required.');
  });

  it('answers 404 to another household for each of this one’s athletes, and changes nothing', async () => {
    // Prepare
    const parent = await createPlayer();
    const child = (await ok('addAthlete', { token: parent.token, body: CHILD }, 201))
      .body as unknown as Athlete;
    const stranger = await createPlayer();
    const before = await tableSnapshot();

    // Act
    const answers = await Promise.all(
      [child.id, parent.id].flatMap((id) => [
        call('updateAthlete', { token: stranger.token, params: { id }, body: { first_name: 'Eve' } }),
        call('deleteAthlete', { token: stranger.token, params: { id } }),
      ]),
    );

    // Assess
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array(4).fill([404, 'That athlete is not in your household.']),
    );
    expect(await tableSnapshot()).toBe(before);
  });

  it('removes an added athlete, but never the account holder', async () => {
    // Prepare
    const parent = await createPlayer();
    const child = (await ok('addAthlete', { token: parent.token, body: CHILD }, 201))
      .body as unknown as Athlete;

    // Act
    const self = await call('deleteAthlete', { token: parent.token, params: { id: parent.id } });
    const removed = await call('deleteAthlete', { token: parent.token, params: { id: child.id } });
    const again = await call('deleteAthlete', { token: parent.token, params: { id: child.id } });

    // Assess
    expect([self.status, self.body.message]).toEqual([
      409,
      'You cannot remove yourself from your household’s athletes.',
    ]);
    expect(removed.status).toBe(200);
    expect((removed.body as unknown as Household).athletes.map((a) => a.id)).toEqual([parent.id]);
    expect(again.status).toBe(404);
    expect((await household(parent.token)).athletes.map((a) => a.id)).toEqual([parent.id]);
  });
});

describe('GET /household/tryouts', () => {
  it('answers each athlete with its registration, the same as /tryouts/my, or as not registered', async () => {
    // Prepare
    await openSeason();
    const player = await registeredPlayer('cash');
    const child = (await ok('addAthlete', { token: player.token, body: CHILD }, 201))
      .body as unknown as Athlete;
    const mine = await call('getMyTryout', { token: player.token });

    // Act
    const res = await call('getHouseholdTryouts', { token: player.token });

    // Assess
    expect(res.status).toBe(200);
    // The household's answer adds tryout night's (issue 37): the check-in code and, later, who saw the player.
    const [own] = res.body as unknown as Array<Record<string, unknown>>;
    expect(own).toMatchObject({ checked_in_at: null, seen_by: null });
    expect(own!.checkin_code).toMatch(/^SBC1\./);
    expect(res.body).toEqual([
      {
        athlete_id: player.id,
        ...mine.body,
        checkin_code: own!.checkin_code,
        checked_in_at: null,
        seen_by: null,
      },
      {
        athlete_id: child.id,
        hasRegistered: false,
        season: 'Fall 2025 Tryouts',
        tryout_number: null,
        result: '',
        payment_method: null,
        payment_status: null,
        teamsnap_link: null,
        age_group: null,
      },
    ]);
    expect(mine.body).toMatchObject({
      hasRegistered: true,
      tryout_number: player.tryoutNumber,
      age_group: '15U Boys',
    });
  });
});
