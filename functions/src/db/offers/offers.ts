/**
 * Offers of a place on a team (issue 45 §3): one item per player per season, `OFFER#<playerId>` in the
 * season's partition. Its state moves only by conditional writes (offered → accepted / declined / expired /
 * rescinded), so an accept racing the expiry has one outcome. The team item's counters (`offered`, `accepted`,
 * `next_alternate`) move in the same transactions.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { OfferFeeState, OfferState } from '@club/shared';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';

/** The waiver a family accepted with the offer: the typed name, when, which version, by which account. */
export interface OfferWaiver {
  name: string;
  at: string;
  version: number;
  by_account: string;
}

export interface OfferItem {
  /** The public id (shared ids.ts offerId): `<seasonId>.<playerId>`. */
  id: string;
  season_id: string;
  player_id: string;
  /** The team's public id (`<seasonId>.<teamUuid>`). */
  team_id: string;
  state: OfferState;
  /** 1 for the first offer; up by one each time the player is offered again. */
  round: number;
  /** Placed on the team at publishing, or offered as the team's next alternate. */
  from: 'placement' | 'alternate';
  offered_at: string;
  respond_by: string;
  /** When the family answered, it expired, or the club rescinded it. */
  answered_at?: string;
  /** The family's reason for declining (personal: shared/src/personal-data.ts). */
  decline_reason?: string;
  /** The club's reason for rescinding or expiring it by hand. */
  rescind_reason?: string;
  waiver?: OfferWaiver;
  /** The team's fee when offered, in cents of CAD. */
  fee_cents: number;
  /** The team fee's part: where the fee stands once accepted. */
  fee_state?: OfferFeeState;
}

/** An offer item as read from the table. */
export function toOffer(item: Record<string, unknown>): OfferItem {
  const { PK: _pk, SK: _sk, type: _type, ...offer } = item;
  return offer as unknown as OfferItem;
}

/** Reads one player's offer in a season (strongly consistent: an answer just given shows). */
export async function getOffer(seasonId: string, playerId: string): Promise<OfferItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.offer(seasonId, playerId), ConsistentRead: true }),
  );
  return out.Item ? toOffer(out.Item) : null;
}

/** Every offer of a season: one Query of the `OFFER#` prefix of its partition (paged inside). */
export async function offersOfSeason(seasonId: string): Promise<OfferItem[]> {
  const { PK, SKPrefix } = keys.offersOfSeason(seasonId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    ConsistentRead: true,
  });
  return items.map(toOffer);
}

/** Every offer of one team (`teamId` public): the season's offers read with one Query, kept by team. */
export async function offersOfTeam(seasonId: string, teamId: string): Promise<OfferItem[]> {
  return (await offersOfSeason(seasonId)).filter((offer) => offer.team_id === teamId);
}
