import { describe, expect, it } from 'vitest';
import { paymentLabel, type AdminTryoutRow, type MyTryout } from '@club/shared';
import { countDynamoCommands as countCommands } from '../../dev/count-commands';
import { call } from '../../../test/api';
import { createAdmin, seedRegistrations } from '../../../test/admin';
import { openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';

const UNKNOWN = '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11';

const list = async (token: string, seasonId: string) => {
  const res = await call('listTryouts', { token, query: { season_id: seasonId } });
  return res.body as unknown as AdminTryoutRow[];
};

describe('GET /admin/tryouts?season_id=', () => {
  it('answers every registration of the season by tryout number, from one Query and no Scan', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const other = await openSeason({ name: 'Other season' });
    // Written out of order: numbers 151-300 first, then 1-150.
    await seedRegistrations(season.id, 150, { firstNumber: 151 });
    await seedRegistrations(season.id, 150, { firstNumber: 1 });
    await seedRegistrations(other.id, 5);

    let rows: AdminTryoutRow[] = [];
    const commands = await countCommands(async () => (rows = await list(admin.token, season.id)));

    expect(rows.map((r) => r.tryout_number)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(commands.QueryCommand).toBe(1);
    expect(commands.ScanCommand).toBeUndefined();
    expect(rows[0]).toEqual({
      id: expect.stringMatching(new RegExp(`^${season.id}\\.`)),
      tryout_number: 1,
      first_name: 'Player0',
      last_name: 'Tester',
      age_group: '15U Boys',
      payment_method: 'cash',
      payment_status: 'cash',
      // The sample fee of $45.00, owed in cash on the day.
      amount_paid_cents: 0,
      amount_refunded_cents: 0,
      amount_due_cents: 4500,
      withdrawn: false,
      attended: false,
      result: '',
      email_sent: false,
      email_status: 'not_sent',
      date_of_birth: '2010-06-15',
      is_under_18: true,
      parent_consent: true,
      email: expect.stringMatching(/@example\.test$/),
      phone_number: '7805550134',
      emergency_contact_name: 'Robin Tester',
      emergency_contact_phone: '7805550199',
      emergency_contact_relationship: 'parent',
      emergency_contact_email: 'robin.tester@example.test',
      // Nothing asked at registration in a season without a waiver (issue 36).
      photo_consent: false,
      financial_support_requested: false,
      // Registered before households: the account is its one guardian.
      guardians: [
        {
          name: 'Player0 Tester',
          email: expect.stringMatching(/@example\.test$/),
          phone_number: '7805550134',
        },
      ],
    });
  });

  it('reads a season larger than one page (1 MB) whole, paging inside the one Query', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    // About 3 KB each: 400 rows are more than one page.
    await seedRegistrations(season.id, 400, {
      overrides: () => ({ payment_history: [{ status: 'paid', source: 'x'.repeat(3_000), at: '' }] }),
    });

    let rows: AdminTryoutRow[] = [];
    const commands = await countCommands(async () => (rows = await list(admin.token, season.id)));

    expect(rows).toHaveLength(400);
    expect(commands.QueryCommand).toBeGreaterThan(1);
    expect(commands.ScanCommand).toBeUndefined();
  });

  it('answers 404 for an unknown season and 400 for a malformed id', async () => {
    const admin = await createAdmin();

    const unknown = await call('listTryouts', { token: admin.token, query: { season_id: UNKNOWN } });
    const malformed = await call('listTryouts', { token: admin.token, query: { season_id: 'nope' } });
    const missing = await call('listTryouts', { token: admin.token });

    expect(unknown).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
    expect(malformed.status).toBe(400);
    expect(missing.status).toBe(400);
  });
});

describe('PATCH /admin/tryouts/{id}/attended and /selection', () => {
  it('toggles attendance both ways', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1);

    const on = await call('setAttended', {
      token: admin.token,
      params: { id: row!.id },
      body: { attended: true },
    });
    const off = await call('setAttended', {
      token: admin.token,
      params: { id: row!.id },
      body: { attended: false },
    });

    expect(on.body).toMatchObject({ id: row!.id, attended: true });
    expect(off.body).toMatchObject({ id: row!.id, attended: false });
    expect((await list(admin.token, season.id))[0]?.attended).toBe(false);
  });

  it('sets the result in any direction, and the player sees it', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await registeredPlayer('cash');
    const id = `${season.id}.${player.id}`;
    const set = (result: string) =>
      call('setSelection', { token: admin.token, params: { id }, body: { result } });

    const seen: string[] = [];
    for (const result of ['selected', 'not_selected', '', 'not_selected', 'selected']) {
      const res = await set(result);
      expect(res.status).toBe(200);
      seen.push(((await call('getMyTryout', { token: player.token })).body as unknown as MyTryout).result);
    }

    expect(seen).toEqual(['selected', 'not_selected', '', 'not_selected', 'selected']);
  });

  it('refuses bad bodies and unknown registrations with a message, changing nothing', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1);
    const before = await tableSnapshot();

    const badResult = await call('setSelection', {
      token: admin.token,
      params: { id: row!.id },
      body: { result: 'maybe' },
    });
    const badAttended = await call('setAttended', {
      token: admin.token,
      params: { id: row!.id },
      body: { attended: 'yes' },
    });
    const unknown = await call('setAttended', {
      token: admin.token,
      params: { id: `${season.id}.${UNKNOWN}` },
      body: { attended: true },
    });
    const malformed = await call('setSelection', {
      token: admin.token,
      params: { id: 'not-an-id' },
      body: { result: 'selected' },
    });

    expect(badResult).toMatchObject({
      status: 400,
      body: { message: 'Choose Pending, Selected or Not Selected.' },
    });
    expect(badAttended).toMatchObject({ status: 400, body: { message: 'Choose attended or not.' } });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Registration not found.' } });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Registration not found.' } });
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('PATCH /admin/tryouts/{id}/cash', () => {
  it('marks a cash registration collected, which reads "Cash (paid)" on the dashboard and in the table', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await registeredPlayer('cash');
    const id = `${season.id}.${player.id}`;

    const collected = await call('setCashCollected', {
      token: admin.token,
      params: { id },
      body: { collected: true },
    });
    const dashboard = (await call('getMyTryout', { token: player.token })).body as unknown as MyTryout;
    const undone = await call('setCashCollected', {
      token: admin.token,
      params: { id },
      body: { collected: false },
    });
    const dashboardAfter = (await call('getMyTryout', { token: player.token })).body as unknown as MyTryout;

    expect(collected.body).toMatchObject({ payment_method: 'cash', payment_status: 'paid' });
    expect(paymentLabel(dashboard.payment_method, dashboard.payment_status)).toBe('Cash (paid)');
    expect(undone.body).toMatchObject({ payment_status: 'cash' });
    expect(paymentLabel(dashboardAfter.payment_method, dashboardAfter.payment_status)).toBe('Cash');
  });

  it('refuses a card registration, leaving its payment as it was', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const [card] = await seedRegistrations(season.id, 1, { payment_method: 'stripe' });
    const before = await tableSnapshot();

    const res = await call('setCashCollected', {
      token: admin.token,
      params: { id: card!.id },
      body: { collected: false },
    });

    expect(res).toMatchObject({
      status: 409,
      body: { message: 'Only a cash registration can be marked as collected.' },
    });
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('GET /admin/tryouts/export?season_id=', () => {
  it('downloads the season as a UTF-8 CSV with a BOM, a header and rows by number, formulas neutralised', async () => {
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Fall 2025 Tryouts' });
    await seedRegistrations(season.id, 1, {
      firstNumber: 2,
      overrides: () => ({ first_name: '=HYPERLINK("http://evil.example","x")', last_name: 'O"Neil, Jr.' }),
    });
    await seedRegistrations(season.id, 1, {
      firstNumber: 1,
      result: 'selected',
      overrides: () => ({
        first_name: '+Ana',
        last_name: '-Lee',
        emergency_contact_name: '@Sam',
        phone_number: '\t7805550134',
        emergency_contact_phone: '\r7805550199',
      }),
    });

    const res = await call('exportTryouts', { token: admin.token, query: { season_id: season.id } });

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fall-2025-tryouts-tryouts.csv"');
    expect(res.text.startsWith('\uFEFF"Tryout number","First name","Last name","Age group","Payment"')).toBe(
      true,
    );
    const lines = res.text.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[1]).toMatch(
      /^"1","'\+Ana","'-Lee","15U Boys","Cash","0.00","0.00","No","Selected","Not Sent","2010-06-15","Yes","Yes","[^"]+","'\t7805550134","'@Sam","'\r7805550199","Parent","robin\.tester@example\.test","'\+Ana -Lee <[^>]+@example\.test> \t7805550134"$/,
    );
    expect(lines[2]).toMatch(
      /^"2","'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)","O""Neil, Jr\.","15U Boys"/,
    );
  });

  it('answers 404 for an unknown season', async () => {
    const admin = await createAdmin();

    const res = await call('exportTryouts', { token: admin.token, query: { season_id: UNKNOWN } });

    expect(res).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
  });
});
