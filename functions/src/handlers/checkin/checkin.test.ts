/**
 * Issue 37: the door on tryout night. Tonight's players with what a check-in helper needs and nothing more;
 * a tap checks in and takes cash, audited with the helper's name; a withdrawn child is refused; QR codes and
 * typed numbers; walk-ups registered, checked in and mailed an account to claim.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, CheckinPlayer, Household, HouseholdTryout, TonightAnswer } from '@club/shared';
import { call } from '../../../test/api';
import { PASSWORD, sameOrigin } from '../../../test/accounts';
import { linkFromLatestMail, mailsTo, tokenFromLink } from '../../../test/mailbox';
import { registeredPlayer, tableSnapshot } from '../../../test/players';
import { helperOf, seasonTonight } from '../../../test/tryout-night';

describe('the door on tryout night (issue 37)', () => {
  it('lists tonight’s players by number with no birth date, phone or contact, and refuses a withdrawn one', async () => {
    // Prepare
    const { season, admin } = await seasonTonight('Fall 2026 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const first = await registeredPlayer('cash', { medical_notes: 'Asthma: inhaler in bag' });
    const second = await registeredPlayer('cash');
    await call('withdrawMyTryout', { token: second.token });

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
    await call('checkIn', {
      token: door.token,
      params: { seasonId: season.id, id: `${season.id}.${player.id}` },
      body: { attended: true, cash_collected: true },
    });
    const receipt = await call('getMyReceipt', { token: player.token });
    expect(receipt.text).toContain(`/api/checkin-codes/${code}`);
    const pdf = await call('getMyReceipt', { token: player.token, query: { format: 'pdf' } });
    expect(Buffer.from(pdf.text, 'base64').toString('latin1')).toContain('/Subtype /Image');
    // A withdrawn registration's image is gone.
    await call('withdrawMyTryout', { token: player.token });
    expect((await call('getCheckinQr', { params: { code } })).status).toBe(404);
  });

  it('registers a walk-up with the next number, checked in and paid; the guardian claims the account from the mail', async () => {
    const { season, admin } = await seasonTonight('Fall 2027 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const earlier = await registeredPlayer('cash');
    const email = `walk.up.${Date.now()}@example.test`;
    const body = {
      guardian: { first_name: 'Jordan', last_name: 'Okafor', email, phone_number: '780-555-0111' },
      athlete: { first_name: 'Leo', last_name: 'Okafor', date_of_birth: '2011-03-02', division: 'boys' },
      age_group: '15U Boys',
      payment_method: 'cash',
      cash_collected: true,
    };

    const misfit = await call('registerWalkUp', {
      token: door.token,
      params: { seasonId: season.id },
      body: { ...body, age_group: '15U Girls' },
    });
    const res = await call('registerWalkUp', { token: door.token, params: { seasonId: season.id }, body });
    const again = await call('registerWalkUp', { token: door.token, params: { seasonId: season.id }, body });

    expect(misfit.status).toBe(400);
    expect(misfit.body.message).toBe(
      '15U Girls is not open to Leo Okafor: Leo can try out for 15U Boys, 16U Boys, 17U Boys or 18U Boys this season.',
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Leo is registered as number ${earlier.tryoutNumber + 1} and checked in.`);
    expect(res.body.player).toMatchObject({
      tryout_number: earlier.tryoutNumber + 1,
      attended: true,
      payment_status: 'paid',
      amount_due_cents: 0,
    });
    expect(again.status).toBe(409);
    const claim = (await mailsTo(email)).find((m) => m.subject.includes('claim your family account'))!;
    expect(claim.subject).toBe('Leo Okafor is registered for Fall 2027 Tryouts: claim your family account');
    // The confirmation says the cash is in, not to bring it.
    const confirmation = (await mailsTo(email)).find(
      (m) => m.subject === 'Leo is registered for Fall 2027 Tryouts',
    )!;
    expect(confirmation.body.text).toMatch(
      /You paid \$45\.00 in cash on \w+ \d+, 20\d\d\. Your receipt is on your dashboard\./,
    );
    expect(confirmation.body.text).not.toContain('Please bring');
    // The family sets a password from the link, signs in, and finds the child and the registration.
    const token = tokenFromLink(await linkFromLatestMail(email, /\/claim-account#/));
    const reset = await call('resetPassword', {
      body: { token, password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(reset.status).toBe(200);
    const login = await call('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
    expect(login.status).toBe(200);
    const parent = login.body.token as string;
    const household = (await call('getHousehold', { token: parent })).body as unknown as Household;
    expect(household.athletes.map((a) => `${a.first_name} ${a.last_name}`)).toEqual(['Leo Okafor']);
    const [leo] = (await call('getHouseholdTryouts', { token: parent })).body as unknown as HouseholdTryout[];
    expect(leo).toMatchObject({ tryout_number: earlier.tryoutNumber + 1, payment_status: 'paid' });
    expect(leo!.checked_in_at).not.toBeNull();
  });
});
