/**
 * Issue 37: the door on tryout night. Tonight's players with what a check-in helper needs and nothing more;
 * a tap checks in and takes cash, audited with the helper's name; a withdrawn child is refused; QR codes and
 * typed numbers (walk-ups: walk-up.test.ts).
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  sessionInstant,
  todayInClubZone,
  type AuditEntry,
  type CheckinPlayer,
  type HouseholdTryout,
  type ScanAnswer,
  type TonightAnswer,
} from '@club/shared';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { registeredPlayer, tableSnapshot } from '../../../test/players';
import { helperOf, seasonTonight, withdrewBeforeTonight } from '../../../test/tryout-night';
import type { HelperAccess } from '../../services/platform/access';
import { checkIn, tonight } from '../../services/tryout-night/checkin';
import { ok } from '../../../test/builders';

describe('the door on tryout night (issue 37)', () => {
  it('lists tonight’s players by number with no birth date, phone or contact, and refuses a withdrawn one', async () => {
    // Prepare
    const { season, admin } = await seasonTonight('Fall 2026 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const first = await registeredPlayer('cash', { medical_notes: 'Asthma: inhaler in bag' });
    const second = await registeredPlayer('cash');
    await withdrewBeforeTonight(season.id, second.id);

    // Act
    const res = await call('getTonight', { token: door.token, params: { seasonId: season.id } });

    // Assess
    expect(res.status).toBe(200);
    const tonight = res.body as unknown as TonightAnswer;
    expect(tonight.sessions.map((s) => [s.starts_at.slice(11), s.location])).toEqual([
      ['18:00', 'Harry Ainlay High School'],
    ]);
    expect(tonight.players.map((p) => [p.tryout_number, p.withdrawn, p.medical, p.amount_due_cents])).toEqual(
      [
        [first.tryoutNumber, false, true, 4500],
        [second.tryoutNumber, true, false, 0],
      ],
    );
    expect(tonight.counts).toEqual({ checked_in: 0, expected: 1, cash_taken_cents: 0 });
    const text = JSON.stringify(tonight);
    for (const secret of ['2010-06-15', '7805550134', '7805550199', 'Robin Quinn', first.email, 'Asthma']) {
      expect(text).not.toContain(secret);
    }
    const before = await tableSnapshot();
    const refused = await call('checkIn', {
      token: door.token,
      params: { seasonId: season.id, id: `${season.id}.${second.id}` },
      body: { attended: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Avery Quinn withdrew from this season, so they cannot be checked in. Ask an administrator.',
    );
    expect(await tableSnapshot()).toBe(before);
  });

  it('checks in and takes cash in one tap, audited with the helper’s name; sent twice it changes nothing', async () => {
    const { season, admin } = await seasonTonight('Winter 2026 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in', undefined, {
      first_name: 'Pat',
      last_name: 'Gate',
    });
    const player = await registeredPlayer('cash');
    const id = `${season.id}.${player.id}`;
    const tap = () =>
      call('checkIn', {
        token: door.token,
        params: { seasonId: season.id, id },
        body: { attended: true, cash_collected: true },
      });

    const once = await tap();
    const twice = await tap();

    expect(once.status).toBe(200);
    const first = once.body as unknown as CheckinPlayer;
    expect(first).toMatchObject({ attended: true, payment_status: 'paid', amount_due_cents: 0 });
    expect(first.checked_in_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((twice.body as unknown as CheckinPlayer).checked_in_at).toBe(first.checked_in_at);
    const tonight = (await call('getTonight', { token: door.token, params: { seasonId: season.id } }))
      .body as unknown as TonightAnswer;
    expect(tonight.counts).toEqual({ checked_in: 1, expected: 1, cash_taken_cents: 4500 });
    const history = (
      await call('listAudit', { token: admin.token, query: { season_id: season.id, tryout_id: id } })
    ).body as unknown as AuditEntry[];
    expect(history.filter((e) => e.action === 'check_in').map((e) => [e.actor_name, e.after])).toEqual([
      ['Pat Gate', { attended: true, payment_status: 'paid' }],
    ]);
    // The admin's own toggle agrees: the row reads attended and paid.
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: season.id } }))
      .body as unknown as Array<{ id: string; attended: boolean; payment_status: string }>;
    expect(rows.find((r) => r.id === id)).toMatchObject({ attended: true, payment_status: 'paid' });
  });

  it('refuses cash on a card registration, and a registration of another season', async () => {
    const { season, admin } = await seasonTonight('Spring 2027 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const card = await registeredPlayer('stripe');
    const before = await tableSnapshot();

    const cash = await call('checkIn', {
      token: door.token,
      params: { seasonId: season.id, id: `${season.id}.${card.id}` },
      body: { attended: true, cash_collected: true },
    });
    const elsewhere = await call('checkIn', {
      token: door.token,
      params: { seasonId: season.id, id: `00000000-0000-4000-8000-000000000000.${card.id}` },
      body: { attended: true },
    });

    expect(cash.status).toBe(409);
    expect(cash.body.message).toBe('This registration pays by card, so there is no cash to take.');
    expect(elsewhere.status).toBe(404);
    expect(await tableSnapshot()).toBe(before);
  });

  it('checks in the player a family’s QR code names, or a typed number; an altered code names no one', async () => {
    const { season, admin } = await seasonTonight('Summer 2027 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const player = await registeredPlayer('cash');
    const other = await registeredPlayer('cash');
    const [mine] = (await call('getHouseholdTryouts', { token: player.token }))
      .body as unknown as HouseholdTryout[];
    const code = mine!.checkin_code!;
    expect(code).toMatch(/^SBC1\.[A-Za-z0-9_-]{64}$/);
    expect(code).not.toContain(player.id.replace(/-/g, ''));
    const altered = code.slice(0, -2) + (code.endsWith('AA') ? 'BB' : 'AA');

    const wrong = await call('scanCheckin', {
      token: door.token,
      params: { seasonId: season.id },
      body: { code: altered },
    });
    const scanned = await call('scanCheckin', {
      token: door.token,
      params: { seasonId: season.id },
      body: { code },
    });
    const typed = await call('scanCheckin', {
      token: door.token,
      params: { seasonId: season.id },
      body: { code: String(other.tryoutNumber) },
    });
    const unknown = await call('scanCheckin', {
      token: door.token,
      params: { seasonId: season.id },
      body: { code: '9999' },
    });

    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('That code is not a check-in code for this season.');
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatchObject({ tryout_number: player.tryoutNumber, attended: true });
    expect(typed.body).toMatchObject({ tryout_number: other.tryoutNumber, attended: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No player has number 9999 this season.');
    // The family sees it.
    const [after] = (await call('getHouseholdTryouts', { token: player.token }))
      .body as unknown as HouseholdTryout[];
    expect(after!.checked_in_at).toBe((scanned.body as unknown as CheckinPlayer).checked_in_at);
  });

  it('puts a QR code in the confirmation mail that a phone reads back to the code the door scans', async () => {
    const { season, admin } = await seasonTonight('Winter 2027 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const player = await registeredPlayer('cash');
    const mail = (await mailsTo(player.email)).find((m) => m.subject.startsWith("You're registered"))!;
    const src = /<img src="([^"]+\/api\/checkin-codes\/[^"]+)"/.exec(mail.body.html!)![1]!;
    const code = decodeURIComponent(src.split('/').at(-1)!);

    const image = await call('getCheckinQr', { params: { code } });

    expect(image.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(image.text, 'base64'));
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    expect(read).toBe(code);
    const scanned = await call('scanCheckin', {
      token: door.token,
      params: { seasonId: season.id },
      body: { code: read },
    });
    expect(scanned.body).toMatchObject({ tryout_number: player.tryoutNumber, attended: true });
    // Paid at the door: the receipt prints the same code, in the page and in the PDF.
    await ok('checkIn', {
      token: door.token,
      params: { seasonId: season.id, id: `${season.id}.${player.id}` },
      body: { attended: true, cash_collected: true },
    });
    const receipt = await call('getMyReceipt', { token: player.token });
    expect(receipt.text).toContain(`/api/checkin-codes/${code}`);
    const pdf = await call('getMyReceipt', { token: player.token, query: { format: 'pdf' } });
    expect(Buffer.from(pdf.text, 'base64').toString('latin1')).toContain('/Subtype /Image');
    // A withdrawn registration's image is gone.
    await withdrewBeforeTonight(season.id, player.id);
    expect((await call('getCheckinQr', { params: { code } })).status).toBe(404);
  });
});

describe('the door keeps its word (issue 42)', () => {
  it('twelve phones scanning one code at once check the child in once, with one audit entry', async () => {
    // Prepare
    const { season, admin } = await seasonTonight('Fall 2028 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const player = await registeredPlayer('cash');
    const [mine] = (await call('getHouseholdTryouts', { token: player.token }))
      .body as unknown as HouseholdTryout[];
    const code = mine!.checkin_code!;
    const id = `${season.id}.${player.id}`;

    // Act
    const scans = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('scanCheckin', { token: door.token, params: { seasonId: season.id }, body: { code } }),
      ),
    );

    // Assess
    expect(scans.map((s) => s.status)).toEqual(Array<number>(12).fill(200));
    const answers = scans.map((s) => s.body as unknown as ScanAnswer);
    expect(answers.filter((a) => !a.already_in)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.checked_in_at)).size).toBe(1);
    const history = (
      await call('listAudit', { token: admin.token, query: { season_id: season.id, tryout_id: id } })
    ).body as unknown as AuditEntry[];
    expect(history.filter((e) => e.action === 'check_in')).toHaveLength(1);
  });

  it('says a child scanned again is already in, since when, and writes nothing', async () => {
    const { season, admin } = await seasonTonight('Winter 2028 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const player = await registeredPlayer('cash');
    const scan = () =>
      call('scanCheckin', {
        token: door.token,
        params: { seasonId: season.id },
        body: { code: String(player.tryoutNumber) },
      });
    const first = await scan();
    expect(first.status).toBe(200);
    const before = await tableSnapshot();

    const again = await scan();

    expect(first.body).toMatchObject({ attended: true, already_in: false });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      attended: true,
      already_in: true,
      checked_in_at: (first.body as unknown as ScanAnswer).checked_in_at,
    });
    expect(await tableSnapshot()).toBe(before);
  });

  it('undoes a check-in and its cash at the door, audited; undone twice it writes one entry', async () => {
    const { season, admin } = await seasonTonight('Spring 2028 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in', undefined, {
      first_name: 'Uma',
      last_name: 'Gate',
    });
    const player = await registeredPlayer('cash');
    const id = `${season.id}.${player.id}`;
    const tap = (body: { attended: boolean; cash_collected?: boolean }) =>
      call('checkIn', { token: door.token, params: { seasonId: season.id, id }, body });
    const taken = await tap({ attended: true, cash_collected: true });
    expect(taken.body).toMatchObject({ attended: true, payment_status: 'paid' });
    expect((taken.body as unknown as CheckinPlayer).cash_taken_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(taken.body).toMatchObject({ cash_taken_cents: 4500 });

    const undone = await tap({ attended: false, cash_collected: false });
    const again = await tap({ attended: false, cash_collected: false });

    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      attended: false,
      checked_in_at: null,
      cash_taken_at: null,
      cash_taken_cents: 0,
      payment_status: 'cash',
      amount_due_cents: 4500,
    });
    expect(again.status).toBe(200);
    const history = (
      await call('listAudit', { token: admin.token, query: { season_id: season.id, tryout_id: id } })
    ).body as unknown as AuditEntry[];
    expect(history.filter((e) => e.action === 'check_in').map((e) => [e.actor_name, e.after])).toEqual([
      ['Uma Gate', { attended: false, payment_status: 'cash' }],
      ['Uma Gate', { attended: true, payment_status: 'paid' }],
    ]);
    const tonight = (await call('getTonight', { token: door.token, params: { seasonId: season.id } }))
      .body as unknown as TonightAnswer;
    expect(tonight.counts).toMatchObject({ checked_in: 0, cash_taken_cents: 0 });
  });

  it('reads a box left unticked as no photos', async () => {
    const { season, admin } = await seasonTonight('Summer 2028 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const player = await registeredPlayer('cash');

    const tonight = (await call('getTonight', { token: door.token, params: { seasonId: season.id } }))
      .body as unknown as TonightAnswer;

    expect(tonight.players.find((p) => p.tryout_number === player.tryoutNumber)?.photo_consent).toBe(false);
  });

  it('counts tonight’s cash only: taken at 11:59 pm yesterday is not tonight’s, at midnight it is', async () => {
    // Prepare: cash taken one minute either side of Edmonton's midnight (the service takes the time).
    const { season, admin } = await seasonTonight('Fall 2029 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const helper: HelperAccess = { userId: door.id, name: 'Casey Door', age_groups: [], admin: false };
    const late = await registeredPlayer('cash');
    const early = await registeredPlayer('cash');
    const today = todayInClubZone();
    const midnight = sessionInstant(`${today}T00:00`);
    const yesterdayLate = new Date(midnight.getTime() - 60_000);
    await checkIn(
      helper,
      season.id,
      `${season.id}.${late.id}`,
      { attended: true, cash_collected: true },
      yesterdayLate,
    );
    await checkIn(
      helper,
      season.id,
      `${season.id}.${early.id}`,
      { attended: true, cash_collected: true },
      midnight,
    );

    // Act
    const counts = (await tonight(season.id, new Date(midnight.getTime() + 12 * 3_600_000))).counts;

    // Assess: both are in tonight's list; only the one taken today is tonight's cash.
    expect(counts.cash_taken_cents).toBe(4500);
    expect(counts.checked_in).toBe(2);
  });

  it('tells the door when tonight’s day began in Edmonton, so a phone judges tonight’s cash by that instant', async () => {
    // Prepare
    const { season } = await seasonTonight('Autumn 2028 Tryouts');

    // Act: a summer evening and a winter evening, Edmonton time
    const summer = await tonight(season.id, new Date('2026-07-15T02:30:00.000Z'));
    const winter = await tonight(season.id, new Date('2026-01-20T03:30:00.000Z'));

    // Assess: 00:00 in Edmonton, daylight time (UTC−6) and standard time (UTC−7)
    expect([summer.date, summer.day_started_at]).toEqual(['2026-07-14', '2026-07-14T06:00:00.000Z']);
    expect([winter.date, winter.day_started_at]).toEqual(['2026-01-19', '2026-01-19T07:00:00.000Z']);
  });
});
