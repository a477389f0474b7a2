import { describe, expect, it } from 'vitest';
import { getTryout } from '../../db/registration/registrations';
import { insertRegistrations } from '../../db/registration/tryout-numbers';
import { createSeason } from '../../services/seasons/seasons';
import { call } from '../../../test/api';
import { createAdmin } from '../../../test/admin';
import { createPlayer, newTryout, openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import { sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { aTryoutRegistration, ok } from '../../../test/builders';

const yearInEdmonton = () =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton', year: 'numeric' }).format(new Date()),
  );

const SESSION = {
  kind: 'tryout',
  age_groups: ['15U Boys', '16U Boys'],
  starts_at: '2026-08-18T18:00',
  ends_at: '2026-08-18T19:30',
  location: 'Harry Ainlay gym',
  address: '4350 111 St NW, Edmonton',
};

async function patchSeason(token: string, id: string, body: unknown) {
  return call('updateSeason', { token, params: { id }, body });
}

// First in the file: this file's table has no season yet, so there is no previous fee to carry over.
describe('a new season with no season before it', () => {
  it('starts at the $50.00 default fee, and counts from this year in Edmonton when its name names none', async () => {
    const admin = await createAdmin();

    const res = await call('createSeason', { token: admin.token, body: { name: 'Summer Camp Tryouts' } });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tryout_fee_cents: 5000,
      reference_year: yearInEdmonton(),
      sessions: [],
    });
  });
});

describe('POST /admin/seasons settings', () => {
  it('takes the fee and age year given, a $0.00 fee included', async () => {
    const admin = await createAdmin();

    const res = await call('createSeason', {
      token: admin.token,
      body: { name: 'Fall 2026 Tryouts', tryout_fee_cents: 0, reference_year: 2027 },
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tryout_fee_cents: 0, reference_year: 2027 });
  });

  it("carries the previous season's fee over when none is given", async () => {
    const admin = await createAdmin();
    await ok(
      'createSeason',
      { token: admin.token, body: { name: 'Spring 2026', tryout_fee_cents: 8500 } },
      201,
    );

    const res = await call('createSeason', { token: admin.token, body: { name: 'Fall 2026 Tryouts' } });

    expect(res.body).toMatchObject({ tryout_fee_cents: 8500, reference_year: 2026 });
  });

  it.each([
    [{ tryout_fee_cents: -1 }, 'Enter a tryout fee from $0.00 to $1,000.00.'],
    [{ tryout_fee_cents: 100_001 }, 'Enter a tryout fee from $0.00 to $1,000.00.'],
    [{ tryout_fee_cents: 12.5 }, 'Enter a tryout fee from $0.00 to $1,000.00.'],
    [{ tryout_fee_cents: '5000' }, 'Enter a tryout fee from $0.00 to $1,000.00.'],
    [{ reference_year: 1999 }, 'Enter an age year from 2000 to 2100.'],
    [{ reference_year: 2101 }, 'Enter an age year from 2000 to 2100.'],
  ])('refuses %j with a clear message and writes nothing', async (settings, message) => {
    const admin = await createAdmin();
    const before = await tableSnapshot();

    const res = await call('createSeason', { token: admin.token, body: { name: 'Fall 2026', ...settings } });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await tableSnapshot()).toBe(before);
  });

  it.each([[{ tryout_fee_cents: 100_000 }], [{ reference_year: 2000 }], [{ reference_year: 2100 }]])(
    'takes the limit %j itself',
    async (settings) => {
      const admin = await createAdmin();

      const res = await call('createSeason', {
        token: admin.token,
        body: { name: 'Fall 2026', ...settings },
      });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(settings);
    },
  );

  it('counts a season created on Dec 31 in Edmonton from that year, and one created on Jan 1 from the new one', async () => {
    // 23:30 on Dec 31, 2025 in Edmonton is already Jan 1 in UTC; 00:30 on Jan 1, 2026 in Edmonton.
    const dec31 = await createSeason({
      name: 'Camp',
      age_groups: ['15U Boys'],
      now: new Date('2026-01-01T06:30:00Z'),
    });
    const jan1 = await createSeason({
      name: 'Camp',
      age_groups: ['15U Boys'],
      now: new Date('2026-01-01T07:30:00Z'),
    });

    expect(dec31.reference_year).toBe(2025);
    expect(jan1.reference_year).toBe(2026);
  });
});

describe('PATCH /admin/seasons/{id}', () => {
  it('changes the name, fee, year and sessions, answers the season as listed, and the public season shows them', async () => {
    const admin = await createAdmin();
    const season = await openSeason();

    const res = await patchSeason(admin.token, season.id, {
      name: '  Fall 2026 Tryouts ',
      tryout_fee_cents: 8500,
      reference_year: 2026,
      sessions: [
        SESSION,
        { ...SESSION, kind: 'open-gym', starts_at: '2026-08-12T18:00', ends_at: '2026-08-12T20:00' },
      ],
    });
    const listed = await call('listSeasons', { token: admin.token });
    const active = await call('getActiveSeason');

    expect(res.status).toBe(200);
    const listedSeason = (listed.body as unknown as Array<{ id: string }>).find((s) => s.id === season.id);
    expect(res.body).toEqual(listedSeason);
    expect(res.body).toMatchObject({
      name: 'Fall 2026 Tryouts',
      tryout_fee_cents: 8500,
      reference_year: 2026,
    });
    expect(active.body).toMatchObject({
      tryout_fee_cents: 8500,
      reference_year: 2026,
      sessions: [
        SESSION,
        { ...SESSION, kind: 'open-gym', starts_at: '2026-08-12T18:00', ends_at: '2026-08-12T20:00' },
      ],
    });
  });

  it('reads a session sent without a kind as a tryout, and leaves out what is not sent', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const { kind: _kind, ...withoutKind } = SESSION;

    const res = await patchSeason(admin.token, season.id, { sessions: [withoutKind] });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: season.name, tryout_fee_cents: 4500, sessions: [SESSION] });
  });

  it('charges a new fee to new registrations only: each keeps the amount it was charged or owes', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const before = await registeredPlayer('stripe');

    await patchSeason(admin.token, season.id, { tryout_fee_cents: 8500 });
    const after = await registeredPlayer('stripe');

    expect((await getTryout(season.id, before.id))?.amount_cents).toBe(4500);
    expect((await getTryout(season.id, after.id))?.amount_cents).toBe(8500);
    expect((await sessionOnStandIn(sessionIdOf(before.url!))).amount_total).toBe(4500);
    expect((await sessionOnStandIn(sessionIdOf(after.url!))).amount_total).toBe(8500);
  });

  it('refuses to change the age year once anyone has registered (409), and takes the same year as it is', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const early = await patchSeason(admin.token, season.id, { reference_year: 2026 });
    await patchSeason(admin.token, season.id, { reference_year: 2025 });
    await registeredPlayer('cash');
    const before = await tableSnapshot();

    const late = await patchSeason(admin.token, season.id, { reference_year: 2026, tryout_fee_cents: 9900 });
    const same = await patchSeason(admin.token, season.id, { reference_year: 2025 });

    expect(early.status).toBe(200);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      "The age year can't change once players have registered for the season: it would move them between age groups.",
    );
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ reference_year: 2025, tryout_fee_cents: 4500 });
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses a registration checked against a year the season no longer counts from', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await createPlayer();
    await patchSeason(admin.token, season.id, { reference_year: 2026 });

    const outcome = await insertRegistrations(
      [newTryout(season.id, player)],
      { reference_year: 2025 },
      Date.now() + 5_000,
    );

    expect(outcome).toEqual({ outcome: 'season-changed' });
    expect(await getTryout(season.id, player.id)).toBeNull();
  });

  it('counts 15U from the new year at the boundary: born Jan 1 of the cut-off year fits, Dec 31 before does not', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    await patchSeason(admin.token, season.id, { reference_year: 2026 });

    const jan1 = await createPlayer({ date_of_birth: '2011-01-01' });
    const dec31 = await createPlayer({ date_of_birth: '2010-12-31' });
    const fits = await call('registerTryout', {
      token: jan1.token,
      body: aTryoutRegistration({ age_group: '15U Boys' }),
    });
    const tooOld = await call('registerTryout', {
      token: dec31.token,
      body: aTryoutRegistration({ age_group: '15U Boys' }),
    });

    expect(fits.status).toBe(201);
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.message).toContain('2011');
  });

  it.each([
    [{ sessions: [{ ...SESSION, ends_at: '2026-08-18T18:00' }] }, 'A session must end after it starts.'],
    [
      { sessions: [{ ...SESSION, starts_at: '2026-02-30T18:00' }] },
      'Enter the date and time each session starts.',
    ],
    [
      { sessions: [{ ...SESSION, ends_at: '2026-08-18T24:00' }] },
      'Enter the date and time each session ends.',
    ],
    [{ sessions: [{ ...SESSION, age_groups: [] }] }, 'Choose at least one age group for each session.'],
    [
      { sessions: [{ ...SESSION, age_groups: ['19U Boys'] }] },
      'Choose at least one age group for each session.',
    ],
    [{ sessions: [{ ...SESSION, location: '  ' }] }, 'Enter the gym of each session.'],
    [{ sessions: [{ ...SESSION, address: '' }] }, 'Enter the address of each session.'],
    [{ sessions: [{ ...SESSION, kind: 'camp' }] }, 'Choose whether the session is a tryout or an open gym.'],
    [{ sessions: Array.from({ length: 21 }, () => SESSION) }, 'A season can have at most 20 sessions.'],
    [{ name: '' }, 'Please enter a season name.'],
    [{ tryout_fee_cents: -1 }, 'Enter a tryout fee from $0.00 to $1,000.00.'],
  ])('refuses %j with a clear message and changes nothing', async (body, message) => {
    const admin = await createAdmin();
    const season = await openSeason();
    const before = await tableSnapshot();

    const res = await patchSeason(admin.token, season.id, body);

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await tableSnapshot()).toBe(before);
  });

  it('takes 20 sessions, the most a season holds', async () => {
    const admin = await createAdmin();
    const season = await openSeason();

    const res = await patchSeason(admin.token, season.id, {
      sessions: Array.from({ length: 20 }, () => SESSION),
    });

    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(20);
  });

  it('answers 404 for an unknown season', async () => {
    const admin = await createAdmin();

    const res = await patchSeason(admin.token, '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11', {
      tryout_fee_cents: 100,
    });

    expect(res).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
  });
});

describe('the sibling fee (issue 17)', () => {
  it('is the fee until set, takes the fee itself or less, and carries over to the next season', async () => {
    // Prepare
    const admin = await createAdmin();
    const created = await call('createSeason', {
      token: admin.token,
      body: { name: 'Spring 2027', tryout_fee_cents: 8500 },
    });
    const id = created.body.id as string;

    // Act
    const equal = await patchSeason(admin.token, id, { sibling_fee_cents: 8500 });
    const less = await patchSeason(admin.token, id, { sibling_fee_cents: 6000 });
    const next = await call('createSeason', { token: admin.token, body: { name: 'Fall 2027' } });

    // Assess
    expect(created.body).toMatchObject({ tryout_fee_cents: 8500, sibling_fee_cents: 8500 });
    expect(equal.body).toMatchObject({ sibling_fee_cents: 8500 });
    expect(less.body).toMatchObject({ tryout_fee_cents: 8500, sibling_fee_cents: 6000 });
    expect(next.body).toMatchObject({ tryout_fee_cents: 8500, sibling_fee_cents: 6000 });
    expect((await call('getActiveSeason')).body).toMatchObject({
      name: 'Fall 2027',
      sibling_fee_cents: 6000,
    });
  });

  it.each([
    ['one cent above the fee', { tryout_fee_cents: 8500, sibling_fee_cents: 8501 }],
    ['above a lowered fee', { tryout_fee_cents: 5000 }],
  ])('refuses a sibling fee %s with a clear 400, and changes nothing', async (_, body) => {
    // Prepare: fee $85.00, sibling fee $60.00.
    const admin = await createAdmin();
    const created = await ok(
      'createSeason',
      {
        token: admin.token,
        body: { name: 'Spring 2028', tryout_fee_cents: 8500, sibling_fee_cents: 6000 },
      },
      201,
    );
    const before = await tableSnapshot();

    // Act
    const res = await patchSeason(admin.token, created.body.id as string, body);

    // Assess
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('The sibling fee cannot be more than the tryout fee.');
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('free tryouts (a fee of $0.00)', () => {
  it('registers a card choice with nothing to pay and no checkout, and every screen says so', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason();
    await patchSeason(admin.token, season.id, { tryout_fee_cents: 0 });
    const player = await createPlayer();

    // Act
    const res = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys' }),
    });
    const mine = await call('getMyTryout', { token: player.token });
    const rows = await call('listTryouts', { token: admin.token, query: { season_id: season.id } });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body.url).toBeUndefined();
    expect(mine.body).toMatchObject({
      payment_method: 'cash',
      payment_status: 'paid',
      amount_paid_cents: 0,
      amount_refunded_cents: 0,
      amount_due_cents: 0,
    });
    expect(rows.body).toEqual([
      expect.objectContaining({ payment_status: 'paid', amount_paid_cents: 0, amount_due_cents: 0 }),
    ]);
  });
});

describe('what a registration has paid and owes', () => {
  it('owes the fee while cash is to be collected, and has paid it once collected', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await registeredPlayer('cash');

    // Act
    const owed = await call('getMyTryout', { token: player.token });
    await ok('setCashCollected', {
      token: admin.token,
      params: { id: `${season.id}.${player.id}` },
      body: { collected: true },
    });
    const paid = await call('getMyTryout', { token: player.token });

    // Assess
    expect(owed.body).toMatchObject({
      amount_paid_cents: 0,
      amount_due_cents: 4500,
      amount_refunded_cents: 0,
    });
    expect(paid.body).toMatchObject({
      amount_paid_cents: 4500,
      amount_due_cents: 0,
      amount_refunded_cents: 0,
    });
  });
});
