/**
 * Offers of a place on a team (issue 45 §3): one item per player per season, `OFFER#<playerId>` in the
 * season's partition. Its state moves only by conditional writes (offered → accepted / declined / expired /
 * rescinded), so an accept racing the expiry has one outcome. The team item's counters (`offered`, `accepted`,
 * `next_alternate`) move in the same transactions.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OfferFeeState, OfferState } from '@club/shared';
import { auditPut, type AuditBy } from '../platform/audit';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { transactOrConditionCodes, unlessConditionFails } from '../platform/transactions';
import type { TeamItem } from '../teams/teams';

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
  /** The club ended it by hand (rescinded, or expired early). */
  ended_by_admin?: boolean;
  waiver?: OfferWaiver;
  /** The team's fee when offered, in cents of CAD. */
  fee_cents: number;
  /** The team fee's part: where the fee stands once accepted. */
  fee_state?: OfferFeeState;
  /** The fee's instalments (issue 46), copied from the team on acceptance (db/money/instalments.ts). */
  fee_plan?: { amounts: number[]; due_dates: string[] };
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

// ── writes: each one transaction, its conditions holding the limits ────────────────────────────────────────

type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

const teamKey = (team: Pick<TeamItem, 'season_id' | 'team_uuid'>) =>
  keys.team(team.season_id, team.team_uuid);

/** A new offer's item, written only where the player has none (of this or any team). */
function offerPut(offer: OfferItem): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.offer(offer.season_id, offer.player_id), type: 'offer', ...offer },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * A placed player's offer at publishing, once: the offer (only where the player has none) and the team's
 * `offered` count, in one transaction, so a publish run twice (or two at once) offers each player once.
 * 'exists' when the player already has an offer; 'gone' when the team is.
 */
export async function putPlacementOffer(
  team: TeamItem,
  offer: OfferItem,
): Promise<'offered' | 'exists' | 'gone'> {
  const codes = await transactOrConditionCodes(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          offerPut(offer),
          {
            Update: {
              TableName: tableName(),
              Key: teamKey(team),
              UpdateExpression: 'SET offered = if_not_exists(offered, :zero) + :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
            },
          },
        ],
      }),
    ),
  );
  if (codes === null) return 'offered';
  if (codes[0] === 'ConditionalCheckFailed') return 'exists';
  if (codes[1] === 'ConditionalCheckFailed') return 'gone';
  throw new Error(`Offer transaction failed: ${codes.join(',')}`);
}

/**
 * The family accepts: offer offered → accepted only while it is still offered and before its deadline, and
 * the team's `accepted` up by one only while below its capacity, in ONE transaction. So two families taking
 * the last place at once: one gets it; an accept racing the expiry: one of them happens.
 */
export async function acceptOffer(input: {
  offer: OfferItem;
  team: TeamItem;
  waiver: OfferWaiver;
  now: Date;
  /** The team's instalments (issue 46), kept on the offer as they are now; none: paid in full. */
  plan?: { amounts: number[]; due_dates: string[] };
}): Promise<OfferItem | 'not-offered' | 'past-deadline' | 'full'> {
  const { offer, team, now } = input;
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
                'SET #state = :accepted, answered_at = :at, waiver = :waiver, fee_state = if_not_exists(fee_state, :fee)' +
                (input.plan ? ', fee_plan = :plan' : ''),
              ConditionExpression: '#state = :offered AND respond_by > :at AND #round = :round',
              ExpressionAttributeNames: { '#state': 'state', '#round': 'round' },
              ExpressionAttributeValues: {
                ':accepted': 'accepted',
                ':offered': 'offered',
                ':at': at,
                ':waiver': input.waiver,
                ':round': offer.round,
                ':fee': offer.fee_cents > 0 ? 'to_pay' : 'none',
                ...(input.plan ? { ':plan': input.plan } : {}),
              },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: teamKey(team),
              UpdateExpression:
                'SET accepted = if_not_exists(accepted, :zero) + :one, offered = offered - :one',
              ConditionExpression:
                'attribute_exists(PK) AND (attribute_not_exists(accepted) OR accepted < #capacity) AND offered > :zero',
              // `capacity` is a DynamoDB reserved word.
              ExpressionAttributeNames: { '#capacity': 'capacity' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
            },
          },
        ],
      }),
    ),
  );
  if (codes === null) {
    return {
      ...offer,
      state: 'accepted',
      answered_at: at,
      waiver: input.waiver,
      fee_state: offer.fee_state ?? (offer.fee_cents > 0 ? 'to_pay' : 'none'),
      ...(input.plan ? { fee_plan: input.plan } : {}),
    };
  }
  if (codes[0] === 'ConditionalCheckFailed') {
    const now_ = await getOffer(offer.season_id, offer.player_id);
    return now_?.state === 'offered' && now_.respond_by <= at ? 'past-deadline' : 'not-offered';
  }
  if (codes[1] === 'ConditionalCheckFailed') return 'full';
  throw new Error(`Offer accept transaction failed: ${codes.join(',')}`);
}

/** How an offer that was out (or accepted) ends, and what it frees. */
export type OfferEnding =
  | { to: 'declined'; reason?: string }
  | { to: 'expired' }
  | { to: 'rescinded' | 'expired'; by: AuditBy; reason?: string; from: 'offered' | 'accepted' };

/**
 * Ends an offer and frees its place, in ONE transaction: the offer's state (offered → declined only before
 * the deadline; offered → expired only once it has passed; the admin's rescind from the state it read), the
 * team's `offered` (or `accepted`) down by one and its `open_places` up by one (the place the next alternate
 * is offered, db below), and for the admin's change its audit entry. Null when the offer was not in the
 * state the ending requires (answered meanwhile, or the other side of the deadline).
 */
export async function endOffer(
  offer: OfferItem,
  team: TeamItem,
  ending: OfferEnding,
  now: Date,
): Promise<OfferItem | null> {
  const at = now.toISOString();
  const admin = 'by' in ending;
  const from = admin ? ending.from : 'offered';
  const deadline = admin ? '' : ending.to === 'declined' ? ' AND respond_by > :at' : ' AND respond_by <= :at';
  const reason = 'reason' in ending && ending.reason ? ending.reason : undefined;
  const reasonField = ending.to === 'declined' ? 'decline_reason' : 'rescind_reason';
  const counter = from === 'accepted' ? 'accepted' : 'offered';
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.offer(offer.season_id, offer.player_id),
        UpdateExpression: `SET #state = :to, answered_at = :at${reason ? `, ${reasonField} = :reason` : ''}${admin ? ', ended_by_admin = :true' : ''}`,
        ConditionExpression: `#state = :from AND #round = :round${deadline}`,
        ExpressionAttributeNames: { '#state': 'state', '#round': 'round' },
        ExpressionAttributeValues: {
          ':to': ending.to,
          ':from': from,
          ':at': at,
          ':round': offer.round,
          ...(reason ? { ':reason': reason } : {}),
          ...(admin ? { ':true': true } : {}),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: teamKey(team),
        UpdateExpression: `SET ${counter} = ${counter} - :one, open_places = if_not_exists(open_places, :zero) + :one`,
        ConditionExpression: `attribute_exists(PK) AND ${counter} > :zero`,
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      },
    },
  ];
  if (admin) {
    items.push(
      auditPut(
        ending.by,
        { action: 'offer_ended', seasonId: offer.season_id, playerId: offer.player_id, tryoutId: offer.id },
        { offer_state: from },
        { offer_state: ending.to, team_id: offer.team_id, ...(reason ? { reason } : {}) },
      ),
    );
  }
  const codes = await transactOrConditionCodes(() =>
    db().send(new TransactWriteCommand({ TransactItems: items })),
  );
  if (codes === null) {
    return {
      ...offer,
      state: ending.to,
      answered_at: at,
      ...(reason ? { [reasonField]: reason } : {}),
    };
  }
  if (codes[0] === 'ConditionalCheckFailed' || codes[1] === 'ConditionalCheckFailed') return null;
  throw new Error(`Offer ending transaction failed: ${codes.join(',')}`);
}

/**
 * A place of the team opened by someone outside an offer's own ending (the team fee's withdrawal after
 * acceptance moves `accepted` itself): `open_places` up by one, for the next alternate.
 */
export async function addOpenPlace(team: Pick<TeamItem, 'season_id' | 'team_uuid'>): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: teamKey(team),
        UpdateExpression: 'SET open_places = if_not_exists(open_places, :zero) + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      }),
    ),
  );
}

/**
 * Offers an open place to the alternate at the team's cursor, in ONE transaction: the team's cursor moves
 * from the value read (`next_alternate`) by one and an open place is taken (`open_places` > 0, down by one,
 * `offered` up by one), and the alternate's offer is put (only where they have none). Two declines landing
 * together open two places; each offer moves the cursor from the value it read, so one alternate is never
 * offered twice and two are offered one each. `offer` null: the alternate at the cursor can no longer take
 * it (withdrawn): the cursor moves past them and the place stays open.
 * 'moved' when another writer moved the cursor or took the place first (read again); 'exists' when the
 * alternate has an offer already (the cursor was not moved).
 */
export async function offerToAlternate(
  team: TeamItem,
  cursor: number,
  offer: OfferItem | null,
): Promise<'offered' | 'skipped' | 'moved' | 'exists'> {
  const cursorCondition =
    cursor === 0
      ? '(attribute_not_exists(next_alternate) OR next_alternate = :cursor)'
      : 'next_alternate = :cursor';
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: teamKey(team),
        UpdateExpression: offer
          ? 'SET next_alternate = :next, open_places = open_places - :one, offered = if_not_exists(offered, :zero) + :one'
          : 'SET next_alternate = :next',
        ConditionExpression: `attribute_exists(PK) AND ${cursorCondition}${offer ? ' AND open_places > :zero' : ''}`,
        ExpressionAttributeValues: {
          ':cursor': cursor,
          ':next': cursor + 1,
          ...(offer ? { ':zero': 0, ':one': 1 } : {}),
        },
      },
    },
    ...(offer ? [offerPut(offer)] : []),
  ];
  const codes = await transactOrConditionCodes(() =>
    db().send(new TransactWriteCommand({ TransactItems: items })),
  );
  if (codes === null) return offer ? 'offered' : 'skipped';
  if (codes[0] === 'ConditionalCheckFailed') return 'moved';
  if (codes[1] === 'ConditionalCheckFailed') return 'exists';
  throw new Error(`Alternate offer transaction failed: ${codes.join(',')}`);
}
