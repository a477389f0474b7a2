/**
 * Walk-ups at the door (issues 37 and 42): registered, checked in and mailed; all or nothing (every refusal
 * before a write, a retry after a failure or a crash finishes the same walk-up); an address with an account
 * answered as one without; at most 30 an hour per helper; the emergency contact, medical notes and photo
 * consent asked.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Household, HouseholdTryout, TonightAnswer } from '@club/shared';
import { call } from '../../../test/api';
import { PASSWORD, sameOrigin } from '../../../test/accounts';
import { killedHalfWay } from '../../../test/crash';
import { linkFromLatestMail, mailsTo, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, registeredPlayer, tableSnapshot } from '../../../test/players';
import { helperOf, seasonTonight } from '../../../test/tryout-night';
import { getUserByEmail } from '../../db/accounts/users';
import { countAttempt, rateLimits } from '../../services/platform/rate-limits';
import { aWalkUp, ok } from '../../../test/builders';

/** A walk-up's body (builders.ts aWalkUp): Jordan Okafor registering Leo, born 2011, for 15U Boys, cash taken. */
function walkUp(email: string, overrides: Record<string, unknown> = {}) {
  return aWalkUp({ email, ...overrides });
}

const newAddress = (label: string) =>
  `walk.up.${label}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`;

/** The players of the household that signs in with `email` (the account holder's own first). */
async function householdOf(token: string): Promise<string[]> {
  const household = (await call('getHousehold', { token })).body as unknown as Household;
  return household.athletes.map((a) => `${a.first_name} ${a.last_name}`);
}

describe('walk-ups at the door (issues 37 and 42)', () => {
  it('registers a walk-up with the next number, checked in and paid; the guardian claims the account from the mail', async () => {
    const { season, admin } = await seasonTonight('Fall 2027 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const earlier = await registeredPlayer('cash');
    const email = newAddress('claim');
    const body = walkUp(email);

    const misfit = await call('registerWalkUp', {
      token: door.token,
      params: { seasonId: season.id },
      body: { ...body, age_group: '15U Girls' },
    });
    const res = await call('registerWalkUp', { token: door.token, params: { seasonId: season.id }, body });
    // Sent again (a double tap, a lost answer): the same walk-up, not a second child or a 409.
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
    expect(again.status).toBe(201);
    expect(again.body.message).toBe(
      `Leo is registered as number ${earlier.tryoutNumber + 1} and checked in.`,
    );
    const claim = (await mailsTo(email)).find((m) => m.subject.includes('claim your family account'))!;
    expect(claim.subject).toBe('Leo Okafor is registered for Fall 2027 Tryouts: claim your family account');
    expect(claim.body.text).toContain('Set your password');
    // The confirmation says the cash is in, not to bring it.
    const confirmation = (await mailsTo(email)).find(
      (m) => m.subject === 'Leo is registered for Fall 2027 Tryouts',
    )!;
    expect(confirmation.body.text).toMatch(
      /You paid \$45\.00 in cash on \w+ \d+, 20\d\d\. Your receipt is on your dashboard\./,
    );
    expect(confirmation.body.text).not.toContain('Please bring');
    // The link names the child for the claim page, in the fragment that never leaves the browser.
    const link = await linkFromLatestMail(email, /\/claim-account#/);
    expect(new URL(link).hash).toMatch(/^#[A-Za-z0-9_-]{43}&child=Leo%20Okafor$/);
    // The family sets a password from the link, signs in, and finds the child and the registration.
    const reset = await call('resetPassword', {
      body: { token: tokenFromLink(link), password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(reset.status).toBe(200);
    const login = await call('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
    expect(login.status).toBe(200);
    const parent = login.body.token as string;
    expect(await householdOf(parent)).toEqual(['Leo Okafor']);
    const [leo] = (await call('getHouseholdTryouts', { token: parent })).body as unknown as HouseholdTryout[];
    expect(leo).toMatchObject({ tryout_number: earlier.tryoutNumber + 1, payment_status: 'paid' });
    expect(leo!.checked_in_at).not.toBeNull();
  });

  it('checks the waiver’s name before writing anything, so the corrected walk-up registers', async () => {
    const { season, admin } = await seasonTonight('Winter 2027 Tryouts', {
      waiver_text: 'I accept the risks of basketball.',
    });
    const door = await helperOf(admin, season.id, 'check-in');
    const email = newAddress('waiver');
    const send = (waiver_signed_name: string) =>
      call('registerWalkUp', {
        token: door.token,
        params: { seasonId: season.id },
        body: walkUp(email, { waiver_signed_name }),
      });
    const before = await tableSnapshot();

    const mistyped = await send('Jordan Okafr');
    const unchanged = await tableSnapshot();
    const mailed = await mailsTo(email);
    const corrected = await send('jordan  okafor');

    expect(mistyped.status).toBe(400);
    expect(mistyped.body.message).toBe(
      'To accept the waiver, the parent types their full name as given above: Jordan Okafor.',
    );
    expect(unchanged).toBe(before);
    expect(mailed).toEqual([]);
    expect(corrected.status).toBe(201);
    expect(corrected.body.message).toMatch(/^Leo is registered as number \d+ and checked in\.$/);
  });

  it.each(['account', 'child', 'registration'] as const)(
    'finishes a walk-up that crashed after its %s was written when the helper tries again',
    async (write) => {
      // Prepare: the walk-up dies (SIGKILL) right after one of its writes.
      const { season, admin } = await seasonTonight(`Spring 2028 Tryouts (${write})`);
      const door = await helperOf(admin, season.id, 'check-in');
      const earlier = await registeredPlayer('cash');
      const email = newAddress(`crash-${write}`);
      const body = walkUp(email);
      await killedHalfWay('walk-up', [season.id, door.id, JSON.stringify(body), write]);
      expect(await getUserByEmail(email)).not.toBeNull();

      // Act
      const retry = await call('registerWalkUp', {
        token: door.token,
        params: { seasonId: season.id },
        body,
      });

      // Assess: one account, one child, one registration with the next number, in and paid.
      expect(retry.status).toBe(201);
      expect(retry.body.message).toBe(
        `Leo is registered as number ${earlier.tryoutNumber + 1} and checked in.`,
      );
      expect(retry.body.player).toMatchObject({ attended: true, payment_status: 'paid' });
      const tonight = (await call('getTonight', { token: door.token, params: { seasonId: season.id } }))
        .body as unknown as TonightAnswer;
      expect(tonight.players.map((p) => [p.first_name, p.attended])).toEqual([
        ['Avery', false],
        ['Leo', true],
      ]);
      const token = tokenFromLink(await linkFromLatestMail(email, /\/claim-account#/));
      expect(
        (await call('resetPassword', { body: { token, password: PASSWORD, confirm_password: PASSWORD } }))
          .status,
      ).toBe(200);
      const login = await ok('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
      expect(await householdOf(login.body.token as string)).toEqual(['Leo Okafor']);
    },
    60_000,
  );

  it('answers an address that has an account as one that has none: the child joins it and its holder is told', async () => {
    const { season, admin } = await seasonTonight('Summer 2028 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const holder = await createPlayer({
      first_name: 'Robin',
      last_name: 'Quinn',
      date_of_birth: '1980-01-01',
    });
    const stranger = newAddress('none');
    const send = (email: string) =>
      call('registerWalkUp', { token: door.token, params: { seasonId: season.id }, body: walkUp(email) });

    const known = await send(holder.email);
    const unknown = await send(stranger);

    expect([known.status, unknown.status]).toEqual([201, 201]);
    const shape = (body: Record<string, unknown>) =>
      JSON.stringify(body)
        .replace(/\d+/g, 'n')
        .replace(/"id":"[^"]+"/, '"id":"…"');
    expect(shape(known.body)).toBe(shape(unknown.body));
    expect(known.body.message).toMatch(/^Leo is registered as number \d+ and checked in\.$/);
    // No second account: the child is in the holder's household, registered and in.
    expect((await getUserByEmail(holder.email))!.id).toBe(holder.id);
    expect(await householdOf(holder.token)).toEqual(['Robin Quinn', 'Leo Okafor']);
    const tryouts = (await call('getHouseholdTryouts', { token: holder.token }))
      .body as unknown as HouseholdTryout[];
    // Robin (the holder, not registered), then Leo, paid and in.
    expect(tryouts.map((t) => [t.payment_status, Boolean(t.checked_in_at)])).toEqual([
      [null, false],
      ['paid', true],
    ]);
    const told = (await mailsTo(holder.email)).map((m) => m.subject);
    expect(told).toContain('Leo Okafor was registered at the door for Summer 2028 Tryouts');
    expect(told.some((s) => s.includes('claim your family account'))).toBe(false);
    const notice = (await mailsTo(holder.email)).find((m) => m.subject.includes('at the door'))!;
    expect(notice.body.text).toContain('Hi Robin');
    expect(notice.body.text).not.toContain('Set your password');
  });

  it('lets one helper register 30 walk-ups an hour, and refuses the 31st without writing it', async () => {
    const { season, admin } = await seasonTonight('Fall 2028 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const other = await helperOf(admin, season.id, 'check-in', undefined, {
      first_name: 'Sam',
      last_name: 'Gate',
    });
    // This hour's first 29 walk-ups of the helper, counted as the service counts them.
    for (let i = 0; i < 29; i += 1) {
      expect((await countAttempt(rateLimits.walkUpHelper, door.id)).allowed).toBe(true);
    }
    const send = (token: string, email: string) =>
      call('registerWalkUp', { token, params: { seasonId: season.id }, body: walkUp(email) });

    const thirtieth = await send(door.token, newAddress('30th'));
    const before = await tableSnapshot();
    const refusedEmail = newAddress('31st');
    const thirtyFirst = await send(door.token, refusedEmail);
    const after = await tableSnapshot();
    const byAnother = await send(other.token, newAddress('other'));

    expect(thirtieth.status).toBe(201);
    expect(thirtyFirst.status).toBe(429);
    expect(thirtyFirst.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(after).toBe(before);
    expect(await getUserByEmail(refusedEmail)).toBeNull();
    expect(byAnother.status).toBe(201);
  });

  it('keeps the emergency contact, the medical notes and the photo answer the door asked', async () => {
    const { season, admin } = await seasonTonight('Spring 2029 Tryouts');
    const door = await helperOf(admin, season.id, 'check-in');
    const email = newAddress('asked');
    const body = walkUp(email, {
      athlete: {
        first_name: 'Mia',
        last_name: 'Okafor',
        date_of_birth: '2011-05-09',
        division: 'girls',
        medical_notes: 'Asthma: inhaler in her bag.',
      },
      age_group: '15U Girls',
      emergency_contact: {
        name: 'Ada Okafor',
        phone_number: '780-555-0177',
        email: 'ada.okafor@example.test',
        relationship: 'other_family',
      },
      photo_consent: false,
    });

    const res = await call('registerWalkUp', { token: door.token, params: { seasonId: season.id }, body });

    expect(res.status).toBe(201);
    expect(res.body.player).toMatchObject({ medical: true, photo_consent: false });
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: season.id } }))
      .body as unknown as AdminTryoutRow[];
    expect(rows.find((r) => r.first_name === 'Mia')).toMatchObject({
      emergency_contact_name: 'Ada Okafor',
      emergency_contact_phone: '780-555-0177',
      emergency_contact_relationship: 'other_family',
      medical_notes: 'Asthma: inhaler in her bag.',
      photo_consent: false,
    });
  });
});
