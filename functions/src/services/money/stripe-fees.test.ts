/**
 * What Stripe kept, recorded at fulfilment for the treasurer (issue 46 §3): the stand-in's fee (2.9% + 30¢ of
 * each charge) lands on what the payment paid for, a family payment's one fee shared by its registrations so
 * the parts add up to it, and the money view adds them up per line.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SeasonMoneyView } from '@club/shared';
import { getTryout } from '../../db/registration/registrations';
import { getOffer } from '../../db/offers/offers';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { createAdmin } from '../../../test/admin';
import {
  addedAthlete,
  aHouseholdRegistration,
  aTryoutRegistration,
  ok,
  registered,
} from '../../../test/builders';
import { createPlayer, openSeason, type TestPlayer } from '../../../test/players';
import { deliverEvent, payOnStandIn, sessionIdOf } from '../../../test/stripe';
import { acceptedPlayer, teamOf } from '../../../test/team-fees';
import { shareFee } from './stripe-fees';

let seasonId: string;
let admin: TestPlayer;

beforeEach(async () => {
  seasonId = (await openSeason()).id; // fee $45.00
  admin = await createAdmin();
});

const money = async () =>
  (await ok('getSeasonMoney', { token: admin.token, params: { id: seasonId } }))
    .body as unknown as SeasonMoneyView;

describe('shareFee', () => {
  it('shares a fee in whole cents that add up to it, each part within a cent of its proportional share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        (fee, amounts) => {
          const parts = shareFee(fee, amounts);
          const total = amounts.reduce((a, b) => a + b, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(fee);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(Math.abs(part - (fee * amounts[i]!) / total)).toBeLessThan(1);
          });
        },
      ),
    );
    expect(shareFee(291, [4500, 4500])).toEqual([146, 145]);
  });
});

describe("Stripe's fee at fulfilment", () => {
  it("shares a family payment's fee between its registrations, and the money view adds it up", async () => {
    // Prepare: two children on one $90.00 card payment (Stripe keeps 2.9% + 30¢ = $2.91).
    const parent = await createPlayer({ first_name: 'Jordan', date_of_birth: '1984-01-01' });
    const ids: string[] = [];
    for (const name of ['Mina', 'Ada']) {
      ids.push((await addedAthlete(parent.token, { first_name: name, date_of_birth: '2011-03-09' })).id);
    }
    const answer = await registered(
      parent.token,
      aHouseholdRegistration(
        ids.map((athlete_id) => ({ athlete_id, age_group: '15U Girls' })),
        { payment_method: 'stripe' },
      ),
    );
    const session = await payOnStandIn(sessionIdOf(answer.body.url as string));
    expect(session.amount_total).toBe(9_000);

    // Act
    const event = await deliverEvent('checkout.session.completed', session);

    // Assess
    expect(event.status).toBe(200);
    const fees = await Promise.all(ids.map(async (id) => (await getTryout(seasonId, id))?.stripe_fee_cents));
    expect(fees.sort()).toEqual([145, 146]);
    const card = (await money()).lines.find((l) => l.fee === 'tryout' && l.method === 'card');
    expect(card).toMatchObject({ collected_cents: 9_000, stripe_fee_cents: 291 });
  });

  it("records a team fee's fee on its offer, once, however often the payment is reported", async () => {
    // Prepare: a $750.00 team fee paid by card (Stripe keeps $22.05).
    const team = await teamOf(seasonId, { fee_cents: 75_000 });
    const { family, offerId } = await acceptedPlayer(team);
    const opened = await ok('startOfferCheckout', { token: family.token, params: { offerId }, body: {} });
    const session = await payOnStandIn(sessionIdOf(opened.body.url as string));

    // Act
    const first = await deliverEvent('checkout.session.completed', session);
    const again = await deliverEvent('checkout.session.completed', session);

    // Assess
    expect([first.status, again.status]).toEqual([200, 200]);
    const offer = (await getOffer(seasonId, family.id)) as TeamFeeOffer;
    expect(offer.stripe_fee_cents).toBe(2_205);
    const line = (await money()).lines.find((l) => l.fee === 'team');
    expect(line).toMatchObject({ method: 'card', collected_cents: 75_000, stripe_fee_cents: 2_205 });
  });

  it('records nothing where nothing was paid by card: the view says Stripe reported none', async () => {
    const family = await createPlayer();
    await registered(family.token, aTryoutRegistration());

    const view = await money();

    expect(view.lines).toEqual([expect.objectContaining({ method: 'cash', stripe_fee_cents: null })]);
    expect(view.totals.stripe_fee_cents).toBeNull();
  });
});
