/**
 * A paid team fee's receipt (issue 45 §4): GET /offers/{offerId}/receipt, the same printable page as a
 * registration's (receipts/receipt-page.ts), one line for the player's place on the team, with the card or
 * cash, Stripe's payment id and any refunds. 404 until the fee is paid (or for anyone not of the family).
 */
import { teamFeeMessages, type AccessTokenClaims } from '@club/shared';
import * as usersTable from '../../db/accounts/users';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import * as tryoutsTable from '../../db/registration/registrations';
import * as refundsTable from '../../db/money/team-fee-refunds';
import { toRefundRecord } from '../../db/money/refunds';
import { getConfig } from '../../lib/config';
import { NotFoundError } from '../../lib/errors';
import { receiptPage } from '../../receipts/receipt-page';
import { offerOfFamily } from './team-fee-checkout';

/** A team fee receipt's number: the season's short id, "T" and the tryout number, e.g. SB-3F1C2A9E-T0012. */
export function teamFeeReceiptNumber(seasonId: string, tryoutNumber: number): string {
  return `SB-${seasonId.slice(0, 8).toUpperCase()}-T${String(tryoutNumber).padStart(4, '0')}`;
}

export async function getOfferReceipt(
  caller: AccessTokenClaims,
  id: string,
  now = new Date(),
): Promise<string> {
  const offer = await offerOfFamily(caller, id);
  if (offer.fee_state !== 'paid' || offer.fee_cents <= 0) throw new NotFoundError(teamFeeMessages.noReceipt);
  const [season, team, tryout, refunds] = await Promise.all([
    seasonsTable.getSeason(offer.season_id),
    teamsTable.getTeam(offer.team_id),
    tryoutsTable.getTryout(offer.season_id, offer.player_id),
    refundsTable.listTeamFeeRefunds(offer.season_id, offer.player_id),
  ]);
  if (!season || !team || !tryout) throw new NotFoundError(teamFeeMessages.noReceipt);
  const payer =
    offer.fee_checkout_user_id && offer.fee_method === 'stripe'
      ? await usersTable.getUser(offer.fee_checkout_user_id)
      : await usersTable.getUser(tryout.user_id);
  const method = offer.fee_method ?? 'stripe';
  return receiptPage({
    title: 'Team fee receipt',
    receiptNumber: teamFeeReceiptNumber(offer.season_id, tryout.tryout_number),
    payerName: payer ? `${payer.first_name} ${payer.last_name}` : `${tryout.first_name} ${tryout.last_name}`,
    seasonName: season.name,
    lines: [
      {
        athleteName: `${tryout.first_name} ${tryout.last_name}`,
        ageGroup: team.age_group,
        tryoutNumber: tryout.tryout_number,
        amountCents: offer.fee_cents,
        team: team.name,
      },
    ],
    method,
    card:
      offer.fee_card_brand && offer.fee_card_last4
        ? { brand: offer.fee_card_brand, last4: offer.fee_card_last4 }
        : undefined,
    paymentId: method === 'stripe' ? offer.fee_payment_intent_id : undefined,
    paidAt: offer.fee_paid_at ?? offer.answered_at ?? offer.offered_at,
    refunds: refunds.filter((r) => r.status === 'succeeded').map(toRefundRecord),
    siteUrl: getConfig().SITE_URL,
    issuedAt: now,
  });
}
