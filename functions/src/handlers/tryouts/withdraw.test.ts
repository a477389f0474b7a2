import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { createAdmin } from '../../../test/admin';
import { createPlayer, openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import { sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration } from '../../../test/builders';

/** Edmonton's wall clock `minutes` from now, as a session's `YYYY-MM-DDTHH:MM`. */
function edmontonIn(minutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Edmonton',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(Date.now() + minutes * 60_000)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Gives the season one session, starting `minutes` from now (Edmonton time) and lasting 90 minutes. */
async function firstSessionIn(admin: { token: string }, seasonId: string, minutes: number) {
  const res = await call('updateSeason', {
    token: admin.token,
    params: { id: seasonId },
    body: {
      sessions: [
        {
          kind: 'tryout',
          age_groups: ['15U Boys'],
          starts_at: edmontonIn(minutes),
          ends_at: edmontonIn(minutes + 90),
          location: 'Harry Ainlay gym',
          address: '4350 111 St NW, Edmonton',
        },
      ],
    },
  });
  expect(res.status).toBe(200);
}

const withdraw = (token: string) => call('withdrawMyTryout', { token });

describe('POST /tryouts/my/withdraw', () => {
  it('withdraws, keeps the number retired (the next registration gets the next one), and the admin sees it', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await registeredPlayer('cash');

    // Act
    const res = await withdraw(player.token);
    const again = await withdraw(player.token);
    const next = await registeredPlayer('cash');
    const reRegister = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ age_group: '15U Boys' }),
    });
    const rows = await call('listTryouts', { token: admin.token, query: { season_id: season.id } });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ withdrawn: true, tryout_number: 1 });
    expect(again.body).toMatchObject({ withdrawn: true, tryout_number: 1 });
    expect((await call('getMyTryout', { token: player.token })).body).toMatchObject({ withdrawn: true });
    expect(next.tryoutNumber).toBe(2);
    expect(reRegister.status).toBe(409);
    expect(
      (rows.body as unknown as Array<{ tryout_number: number; withdrawn: boolean }>).map((r) => [
        r.tryout_number,
        r.withdrawn,
      ]),
    ).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('is open until the first session starts: two minutes before, yes; a minute after, 409 and nothing changes', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const early = await registeredPlayer('cash');
    const late = await registeredPlayer('cash');

    await firstSessionIn(admin, season.id, 2);
    const open = await call('getMyTryout', { token: late.token });
    const before = await withdraw(early.token);
    await firstSessionIn(admin, season.id, -1);
    const closed = await call('getMyTryout', { token: late.token });
    const snapshot = await tableSnapshot();
    const after = await withdraw(late.token);

    expect(open.body).toMatchObject({ withdrawal_open: true });
    expect(before.body).toMatchObject({ withdrawn: true, withdrawal_open: false });
    expect(closed.body).toMatchObject({ withdrawal_open: false });
    expect(before.status).toBe(200);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(
      "Withdrawals close when the season's first session starts. Please contact the club to withdraw.",
    );
    expect(await tableSnapshot()).toBe(snapshot);
  });

  it("closes an unpaid card registration's checkout first, and pay again is refused afterwards", async () => {
    await openSeason();
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);

    const res = await withdraw(player.token);
    const payAgain = await call('startCheckout', { token: player.token });

    expect(res.status).toBe(200);
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
    expect(payAgain.status).toBe(409);
    expect(payAgain.body.message).toBe(
      'This registration was withdrawn. Please contact the club to be reinstated.',
    );
  });

  it('answers 404 to a player who has not registered', async () => {
    await openSeason();
    const player = await createPlayer();

    const res = await withdraw(player.token);

    expect(res).toMatchObject({
      status: 404,
      body: { message: 'You are not registered for the current season.' },
    });
  });
});

describe('who withdrew, for Player Details (issue 42)', () => {
  it('names the player who withdrew their own registration, and the guardian who withdrew a child', async () => {
    // Prepare: an adult player, and a parent with a child, both registered for cash
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await registeredPlayer('cash', { first_name: 'Marisol', last_name: 'Okafor' });
    const parent = await createPlayer({ first_name: 'Priya', last_name: 'Raman' });
    const child = await call('addAthlete', {
      token: parent.token,
      body: anAthlete({
        first_name: 'Freya',
        last_name: 'Raman',
        date_of_birth: '2011-04-09',
        emergency_contact_name: 'Priya Raman',
        emergency_contact_phone: '780-555-0142',
        emergency_contact_email: 'priya.raman@example.test',
      }),
    });
    expect(child.status).toBe(201);
    const childId = (child.body as { id: string }).id;
    const registered = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration([{ athlete_id: childId, age_group: '15U Girls' }]),
    });
    expect(registered.status, String(registered.body.message)).toBe(201);
    const before = Date.now();

    // Act
    expect((await withdraw(player.token)).status).toBe(200);
    const byGuardian = await call('withdrawHouseholdTryout', {
      token: parent.token,
      params: { id: childId },
    });
    const rows = await call('listTryouts', { token: admin.token, query: { season_id: season.id } });

    // Assess
    expect(byGuardian.status).toBe(200);
    const list = rows.body as unknown as Array<{ id: string; withdrawn_at?: string; withdrawn_by?: unknown }>;
    const rowOf = (playerId: string) => list.find((r) => r.id === `${season.id}.${playerId}`);
    expect(rowOf(player.id)?.withdrawn_by).toEqual({ kind: 'player', name: 'Marisol Okafor' });
    expect(rowOf(childId)?.withdrawn_by).toEqual({ kind: 'guardian', name: 'Priya Raman' });
    expect(Date.parse(rowOf(childId)!.withdrawn_at!)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('POST /admin/tryouts/{id}/reinstate', () => {
  it('puts a withdrawn registration back with its own number', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await registeredPlayer('cash');
    await withdraw(player.token);

    const res = await call('reinstateTryout', {
      token: admin.token,
      params: { id: `${season.id}.${player.id}` },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ withdrawn: false, tryout_number: 1 });
    expect((await call('getMyTryout', { token: player.token })).body).toMatchObject({ withdrawn: false });
  });

  it('answers 409 for a registration that was never withdrawn (or is already back), and audits only the real change', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason();
    const stayed = await registeredPlayer('cash');
    const left = await registeredPlayer('cash');
    expect((await withdraw(left.token)).status).toBe(200);

    // Act
    const never = await call('reinstateTryout', {
      token: admin.token,
      params: { id: `${season.id}.${stayed.id}` },
    });
    const back = await call('reinstateTryout', {
      token: admin.token,
      params: { id: `${season.id}.${left.id}` },
    });
    const twice = await call('reinstateTryout', {
      token: admin.token,
      params: { id: `${season.id}.${left.id}` },
    });
    const audit = await call('listAudit', { token: admin.token, query: { season_id: season.id } });

    // Assess
    expect(never).toMatchObject({
      status: 409,
      body: { message: 'This registration was not withdrawn, so there is nothing to reinstate.' },
    });
    expect(back.status).toBe(200);
    expect(twice.status).toBe(409);
    expect(audit.status).toBe(200);
    const reinstated = (audit.body as unknown as Array<{ action: string; tryout_id?: string }>).filter(
      (e) => e.action === 'reinstate',
    );
    expect(reinstated.map((e) => e.tryout_id)).toEqual([`${season.id}.${left.id}`]);
  });

  it('answers 404 for an unknown registration', async () => {
    const admin = await createAdmin();
    const season = await openSeason();

    const res = await call('reinstateTryout', {
      token: admin.token,
      params: { id: `${season.id}.8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11` },
    });

    expect(res).toMatchObject({ status: 404, body: { message: 'Registration not found.' } });
  });
});

describe('withdrawing once a result is set (issue 36)', () => {
  it('is no longer offered, and is refused with a clear message, changing nothing', async () => {
    // Prepare
    const season = await openSeason();
    const admin = await createAdmin();
    const player = await registeredPlayer('cash');
    const id = `${season.id}.${player.id}`;
    expect(
      (await call('setSelection', { token: admin.token, params: { id }, body: { result: 'selected' } }))
        .status,
    ).toBe(200);
    const before = await tableSnapshot();

    // Act
    const mine = await call('getMyTryout', { token: player.token });
    const res = await call('withdrawMyTryout', { token: player.token });

    // Assess
    expect(mine.body.withdrawal_open).toBe(false);
    expect([res.status, res.body.message]).toEqual([
      409,
      'A result is set for this registration, so it can no longer be withdrawn here. Please contact the club.',
    ]);
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('a withdrawn registration at check-in (issue 36)', () => {
  it('is never counted as attended: refused with a clear message, changing nothing', async () => {
    // Prepare
    const season = await openSeason();
    const admin = await createAdmin();
    const player = await registeredPlayer('cash');
    const id = `${season.id}.${player.id}`;
    expect((await call('withdrawMyTryout', { token: player.token })).status).toBe(200);
    const before = await tableSnapshot();

    // Act
    const checkedIn = await call('setAttended', {
      token: admin.token,
      params: { id },
      body: { attended: true },
    });
    const afterRefusal = await tableSnapshot();
    const notIn = await call('setAttended', {
      token: admin.token,
      params: { id },
      body: { attended: false },
    });

    // Assess
    expect([checkedIn.status, checkedIn.body.message]).toEqual([
      409,
      'This registration was withdrawn, so it cannot be checked in. Reinstate it first.',
    ]);
    expect(afterRefusal).toBe(before);
    expect(notIn.status).toBe(200);
  });
});
