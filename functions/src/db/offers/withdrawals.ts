/**
 * A family gives up a place it accepted (issue 45 §4): the offer accepted → declined, marked withdrawn after
 * acceptance, and the team's `accepted` down by one and `open_places` up by one (the place the next alternate
 * is offered, db/offers/offers.ts offerToAlternate), in ONE transaction, so the place is freed once however
 * often the family presses (or two guardians press at once).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes } from '../platform/transactions';
import type { TeamItem } from '../teams/teams';
import type { OfferItem } from './offers';

/** The offer as written, or null when it was no longer this round's accepted offer. */
export async function withdrawAcceptedOffer(
  offer: OfferItem,
  team: Pick<TeamItem, 'season_id' | 'team_uuid'>,
  now: Date,
): Promise<OfferItem | null> {
  const at = now.toISOString();
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.offer(offer.season_id, offer.player_id),
              UpdateExpression:
                'SET #state = :declined, answered_at = :at, withdrawn_after_acceptance = :yes, withdrawn_at = :at',
              ConditionExpression: '#state = :accepted AND #round = :round',
              ExpressionAttributeNames: { '#state': 'state', '#round': 'round' },
              ExpressionAttributeValues: {
                ':declined': 'declined',
                ':accepted': 'accepted',
                ':at': at,
                ':yes': true,
                ':round': offer.round,
              },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.team(team.season_id, team.team_uuid),
              UpdateExpression:
                'SET accepted = accepted - :one, open_places = if_not_exists(open_places, :zero) + :one',
              ConditionExpression: 'attribute_exists(PK) AND accepted > :zero',
              ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
            },
          },
        ],
      }),
    ),
  );
  if (codes === null) return { ...offer, state: 'declined', answered_at: at };
  if (codes[0] === 'ConditionalCheckFailed' || codes[1] === 'ConditionalCheckFailed') return null;
  throw new Error(`Offer withdrawal transaction failed: ${codes.join(',')}`);
}
