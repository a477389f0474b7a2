/**
 * The treasurer's view folds in the other ways to pay (issue 46 §1, §2), each written by its own
 * modules: a team fee on an instalment plan (its first instalment on the offer, the later ones their own
 * items, one stopped) and a tryout fee awaited, then received, by Interac e-Transfer with the bank's reference.
 */
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SeasonMoneyView } from '@club/shared';
import { recordFirstInstalmentPaid, recordInstalmentPaid, stopInstalments } from '../../db/money/instalments';
import { acceptOffer, getOffer } from '../../db/offers/offers';
import { getTeam } from '../../db/teams/teams';
import { createAdmin } from '../../../test/admin';
import { aTryoutRegistration, ok, registered } from '../../../test/builders';
import { createPlayer, openSeason, type TestPlayer } from '../../../test/players';
import { adultPlayer, offered, teamOf } from '../../../test/team-fees';

let seasonId: string;
let admin: TestPlayer;

beforeEach(async () => {
  seasonId = (await openSeason()).id; // fee $45.00
  admin = await createAdmin();
});

const money = async () =>
  (await ok('getSeasonMoney', { token: admin.token, params: { id: seasonId } }))
    .body as unknown as SeasonMoneyView;

async function moneyCsv(): Promise<Array<Record<string, string>>> {
  const res = await ok('exportSeasonMoney', { token: admin.token, params: { id: seasonId } });
  return parse(res.text, { bom: true, columns: true }) as Array<Record<string, string>>;
}

describe('a team fee in instalments', () => {
  it('is expected in full, collected as each instalment is paid, and owes nothing of a stopped one', async () => {
    // Prepare: a $750.00 fee in three instalments of $250.00, accepted with its plan.
    const team = await teamOf(seasonId, { fee_cents: 75_000 });
    const family = await adultPlayer();
    const offer = await offered(team, family.id);
    const plan = { amounts: [25_000, 25_000, 25_000], due_dates: ['2027-01-15', '2027-02-15'] };
    const accepted = await acceptOffer({
      offer,
      team: (await getTeam(offer.team_id))!,
      waiver: { name: 'Sam Family', at: new Date().toISOString(), version: 1, by_account: family.id },
      now: new Date(),
      plan,
    });
    expect(typeof accepted).not.toBe('string');
    const due = await money();

    // Act: the first instalment paid at checkout, the second on its date.
    const first = await recordFirstInstalmentPaid({
      seasonId,
      playerId: family.id,
      offerId: offer.id,
      plan,
      sessionId: 'cs_test_first',
      paymentIntentId: 'pi_test_first',
      card: null,
      now: new Date(),
    });
    const second = await recordInstalmentPaid({
      seasonId,
      playerId: family.id,
      n: 2,
      amountCents: 25_000,
      paymentIntentId: 'pi_test_second',
      now: new Date(),
    });
    const paidTwo = await money();
    const rows = await moneyCsv();
    await stopInstalments(seasonId, family.id);
    const stopped = await money();

    // Assess
    expect([first, second]).toEqual(['changed', 'changed']);
    expect((await getOffer(seasonId, family.id))?.fee_state).toBe('on_plan');
    const plans = (view: SeasonMoneyView) => view.lines.find((l) => l.fee === 'team');
    expect(plans(due)).toMatchObject({
      method: 'instalments',
      expected_cents: 75_000,
      collected_cents: 0,
      outstanding_cents: 75_000,
      count: 1,
    });
    expect(plans(paidTwo)).toMatchObject({
      method: 'instalments',
      expected_cents: 75_000,
      collected_cents: 50_000,
      outstanding_cents: 25_000,
    });
    expect(
      rows.filter((r) => r.Fee === 'Team fee').map((r) => [r.Method, r.Kind, r.Amount, r.Reference]),
    ).toEqual([
      ['Instalment plan', 'Payment', '250', 'pi_test_first'],
      ['Instalment plan', 'Payment', '250', 'pi_test_second'],
    ]);
    expect(plans(stopped)).toMatchObject({
      expected_cents: 50_000,
      collected_cents: 50_000,
      outstanding_cents: 0,
    });
  });
});

describe('a tryout fee by Interac e-Transfer', () => {
  it('is owed while awaited, then collected with the bank’s reference in the CSV', async () => {
    // Prepare
    await ok('updateSeason', {
      token: admin.token,
      params: { id: seasonId },
      body: { etransfer: { enabled: true, address: 'treasurer@example.test' } },
    });
    const family = await createPlayer();
    await registered(family.token, aTryoutRegistration({ payment_method: 'etransfer' }));
    const awaited = await money();

    // Act
    await ok('markEtransferReceived', {
      token: admin.token,
      params: { tryoutId: `${seasonId}.${family.id}` },
      body: { bank_reference: 'CA7731QX' },
    });
    const received = await money();
    const rows = await moneyCsv();

    // Assess
    const line = (view: SeasonMoneyView) => view.lines.find((l) => l.method === 'etransfer');
    expect(line(awaited)).toMatchObject({
      fee: 'tryout',
      expected_cents: 4_500,
      collected_cents: 0,
      outstanding_cents: 4_500,
      stripe_fee_cents: null,
      count: 1,
    });
    expect(line(received)).toMatchObject({
      expected_cents: 4_500,
      collected_cents: 4_500,
      outstanding_cents: 0,
    });
    expect(rows.map((r) => [r.Method, r.Kind, r.Amount, r.Reference])).toEqual([
      ['e-Transfer', 'Payment', '45', 'CA7731QX'],
    ]);
  });
});
