/**
 * Issue 42: a family that asks about financial support is not charged the full fee by card at once. The card
 * waits for the club's answer: the registration is made and numbered, no checkout is opened, "pay again" and
 * the family checkout say why; the admin's answer (the fee lowered, or kept) is audited and mailed, and only
 * then can the family pay by card. Cash stays open all along. Families who do not ask pay at once as before.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Athlete, AuditEntry, MyTryout } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason } from '../../../test/players';
import { sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { getTryout } from '../../db/registration/registrations';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration } from '../../../test/builders';

const WAITING =
  'The club is looking at your request for financial support. You can pay by card once it e-mails you the fee, or choose to pay cash on tryout day.';

const child = (first_name: string, date_of_birth: string) =>
  anAthlete({
    first_name,
    last_name: 'Okafor',
    date_of_birth,
    emergency_contact_name: 'Dana Okafor',
    emergency_contact_phone: '780-555-0142',
    emergency_contact_email: 'dana@example.test',
    division: 'girls',
  });

/** A player who registers by card, asking about financial support (or not). */
async function registerByCard(financial_support: boolean) {
  const player = await createPlayer();
  const res = await call('registerTryout', {
    token: player.token,
    body: aTryoutRegistration({
      payment_method: 'stripe',
      age_group: '15U Boys',
      ...(financial_support ? { financial_support } : {}),
    }),
  });
  expect(res.status).toBe(201);
  return { player, res };
}

describe('a card that waits for the club’s answer about financial support (issue 42)', () => {
  it('registers and numbers the player without opening a checkout; paying by card waits, cash does not', async () => {
    // Prepare
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });

    // Act
    const { player, res } = await registerByCard(true);
    const payAgain = await call('startCheckout', { token: player.token });
    const familyPay = await call('startFamilyCheckout', { token: player.token });
    const mine = await call('getMyTryout', { token: player.token });

    // Assess: numbered, pending, no page to pay on, and the record says it waits.
    expect(res.body.url).toBeUndefined();
    const tryout = res.body.tryout as unknown as MyTryout;
    expect(tryout.tryout_number).toBeGreaterThan(0);
    expect(tryout).toMatchObject({
      payment_method: 'stripe',
      payment_status: 'pending',
      support_answer_pending: true,
    });
    expect((await getTryout(season.id, player.id))?.checkout_session_id).toBeUndefined();
    expect([payAgain.status, payAgain.body.message]).toEqual([409, WAITING]);
    expect([familyPay.status, familyPay.body.message]).toEqual([409, WAITING]);
    expect(mine.body).toMatchObject({ support_answer_pending: true, amount_due_cents: 4500 });

    // The family may choose cash while it waits: then it no longer waits for a card.
    const cash = await call('switchMyTryoutToCash', {
      token: player.token,
      body: { payment_method: 'cash' },
    });
    expect(cash.status).toBe(200);
    expect(cash.body).toMatchObject({ payment_method: 'cash', payment_status: 'cash' });
    expect(cash.body.support_answer_pending).toBeUndefined();
  });

  it('opens the checkout at once for a family that does not ask (spec §7 unchanged)', async () => {
    await openSeason();

    const { res } = await registerByCard(false);

    expect(typeof res.body.url).toBe('string');
    expect((await sessionOnStandIn(sessionIdOf(res.body.url as string))).amount_total).toBe(4500);
    expect((res.body.tryout as unknown as MyTryout).support_answer_pending).toBeUndefined();
  });

  it('the admin answers with the full fee: audited, mailed, and the family can then pay it by card', async () => {
    // Prepare
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });
    const admin = await createAdmin();
    const { player } = await registerByCard(true);
    const id = `${season.id}.${player.id}`;
    const rows = await call('listTryouts', { token: admin.token, query: { season_id: season.id } });
    const row = (rows.body as unknown as AdminTryoutRow[]).find((r) => r.id === id);
    expect(row).toMatchObject({ financial_support_requested: true, support_answer_pending: true });

    // Act: the fee kept as it is.
    const answer = await call('setTryoutFee', {
      token: admin.token,
      params: { id },
      body: { amount_cents: 4500 },
    });
    const again = await call('setTryoutFee', {
      token: admin.token,
      params: { id },
      body: { amount_cents: 4500 },
    });
    const pay = await call('startCheckout', { token: player.token });

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ amount_due_cents: 4500, payment_status: 'pending' });
    expect(answer.body.support_answer_pending).toBeUndefined();
    expect(again.status).toBe(200);
    expect(pay.status).toBe(200);
    expect(await sessionOnStandIn(sessionIdOf(pay.body.url as string))).toMatchObject({
      amount_total: 4500,
      status: 'open',
    });
    const mails = (await mailsTo(player.email)).filter((m) => m.subject.startsWith('The fee for'));
    expect(mails.map((m) => m.subject)).toEqual(['The fee for your tryout registration is now $45.00']);
    const history = (
      await call('listAudit', { token: admin.token, query: { season_id: season.id, tryout_id: id } })
    ).body as unknown as AuditEntry[];
    // One answer, one entry: the second click changed nothing.
    expect(history.filter((e) => e.action === 'fee').map((e) => [e.before, e.after])).toEqual([
      [
        { amount_cents: 4500, held_for_support: true },
        { amount_cents: 4500, held_for_support: false },
      ],
    ]);
  });

  it('the admin lowers the fee: the family’s only page charges the lowered fee', async () => {
    const season = await openSeason();
    const admin = await createAdmin();
    const { player } = await registerByCard(true);
    const id = `${season.id}.${player.id}`;

    const answer = await call('setTryoutFee', {
      token: admin.token,
      params: { id },
      body: { amount_cents: 1500 },
    });
    const pay = await call('startCheckout', { token: player.token });

    expect(answer.status).toBe(200);
    expect(pay.status).toBe(200);
    expect((await sessionOnStandIn(sessionIdOf(pay.body.url as string))).amount_total).toBe(1500);
  });

  it('a household’s children wait together; once one is answered, the family checkout pays that one alone', async () => {
    // Prepare
    const season = await openSeason();
    const admin = await createAdmin();
    const dana = await createPlayer({ first_name: 'Dana', last_name: 'Okafor', date_of_birth: '1984-01-01' });
    const add = async (body: ReturnType<typeof child>) => {
      const res = await call('addAthlete', { token: dana.token, body });
      expect(res.status).toBe(201);
      return res.body as unknown as Athlete;
    };
    const amara = await add(child('Amara', '2011-04-02'));
    const zola = await add(child('Zola', '2011-09-14'));

    // Act
    const res = await call('registerTryout', {
      token: dana.token,
      body: aHouseholdRegistration(
        [
          { athlete_id: amara.id, age_group: '15U Girls' },
          { athlete_id: zola.id, age_group: '15U Girls' },
        ],
        { payment_method: 'stripe', financial_support: true },
      ),
    });
    const waiting = await call('startFamilyCheckout', { token: dana.token });
    const answered = await call('setTryoutFee', {
      token: admin.token,
      params: { id: `${season.id}.${amara.id}` },
      body: { amount_cents: 2000 },
    });
    const pay = await call('startFamilyCheckout', { token: dana.token });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body.url).toBeUndefined();
    expect((res.body.tryouts as unknown as MyTryout[]).map((t) => t.support_answer_pending)).toEqual([
      true,
      true,
    ]);
    expect([waiting.status, waiting.body.message]).toEqual([409, WAITING]);
    expect(answered.status).toBe(200);
    expect(pay.status).toBe(200);
    const session = await sessionOnStandIn(sessionIdOf(pay.body.url as string));
    expect(session.amount_total).toBe(2000);
  });
});
