/** Season items and the active-season pointer. */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_OFFER_SETTINGS,
  type AgeGroup,
  type Criterion,
  type EtransferSettings,
  type OfferSettings,
  type TryoutSession,
} from '@club/shared';
import { auditPut, updateAudited, type AuditBy } from '../platform/audit';
import { db, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { tableDefinition } from '../platform/table-definition';
import { unlessConditionFails } from '../platform/transactions';
import { getCapacityCounter, verCondition, type CapacityCounter } from '../registration/waitlist';

export interface SeasonItem {
  id: string;
  name: string;
  age_groups: AgeGroup[];
  is_registration_open: boolean;
  /** Integer cents of CAD that a card payment charges. */
  tryout_fee_cents: number;
  /** What each further athlete of a household pays; absent: the fee (a season set before households). */
  sibling_fee_cents?: number;
  /** The year the age groups count from (15U: born in reference_year − 15 or later). */
  reference_year: number;
  /** TeamSnap link per age group, shown to selected players of that group. */
  teamsnap_links: Partial<Record<AgeGroup, string>>;
  /** Its tryout sessions and open gyms (none on a season stored before sessions existed). */
  sessions: TryoutSession[];
  /** The day registration is planned to open (YYYY-MM-DD), '' or absent when not said (issue 18). */
  registration_opens_on?: string;
  /**
   * The waiver a family accepts when registering (issue 36), as the admin wrote it; '' or absent: none, and
   * registering is as spec §7 has it. Its version goes up with every change of the text.
   */
  waiver_text?: string;
  waiver_version?: number;
  /** What the club says about refunds, shown before a family confirms a withdrawal (issue 36). */
  refund_policy?: string;
  /** What the season's evaluators score, on a scale of 1 to scale_max (issue 37); absent until the admin sets it. */
  criteria?: Criterion[];
  scale_max?: number;
  /**
   * Offers with a deadline (issue 45), each setting its own attribute so a PATCH of one never writes back a
   * stale other (publishing sets `offers_publish_at` while an admin edits the rest). Absent: the defaults
   * (shared offers.ts DEFAULT_OFFER_SETTINGS), offers off.
   */
  offers_enabled?: boolean;
  offers_respond_within_hours?: number;
  offers_auto_offer_alternates?: boolean;
  /** When the offers go out (ISO instant), once the admin published them. */
  offers_publish_at?: string;
  /** When the publish job sent them (ISO instant). */
  offers_published_at?: string;
  /**
   * Capacity per age group (issue 45 §1): a group left out has no limit. The counter keeps its own copy, with
   * the spots taken, in the same write (db/registration/waitlist.ts). Absent: never set, no waitlist.
   */
  capacities?: Partial<Record<AgeGroup, number>>;
  /** How long a freed spot is held for the first waitlisted family (hours); absent: SPOT_HOLD_HOURS.default. */
  spot_hold_hours?: number;
  /** Interac e-Transfer (issue 46): on with the club's address, or off; absent: never set, off. */
  etransfer?: EtransferSettings;
  createdAt: string;
  /** When the retention job removed its registrations' personal data (issue 19); absent until then. */
  personal_data_removed_at?: string;
}

/** What PATCH /admin/seasons/{id} may change. */
export type SeasonSettings = Partial<
  Pick<
    SeasonItem,
    | 'name'
    | 'tryout_fee_cents'
    | 'sibling_fee_cents'
    | 'reference_year'
    | 'sessions'
    | 'registration_opens_on'
    | 'waiver_text'
    | 'refund_policy'
    | 'criteria'
    | 'scale_max'
    | 'offers_enabled'
    | 'offers_respond_within_hours'
    | 'offers_auto_offer_alternates'
    | 'capacities'
    | 'spot_hold_hours'
    | 'etransfer'
  >
>;

/**
 * Changes a season's settings in one conditional write (the season must exist). A change of its age year is
 * also conditional on the season having no registration yet (its counter has given no number), in the same
 * transaction, so a registration racing the change either lands first (and the change is refused) or is
 * checked against the new year (its own transaction re-checks the year it counted with). Offers turn off only
 * while no publish hour is set, by the same write's condition ('offers-published' otherwise).
 */
export async function updateSeasonSettings(
  seasonId: string,
  settings: SeasonSettings,
  by: AuditBy,
  /**
   * The sessions the new ones were planned from (issue 36: ids and change counts): the write holds only while
   * they are still the stored ones, so two admins' edits never both count one change.
   */
  sessionsWere?: readonly TryoutSession[],
  /**
   * New capacities (issue 45): the counter's copy and its counts as the caller made them from the counter it
   * read (`counter`), written in the same transaction on the condition that no number was given and no spot
   * changed hands since ('counter-moved' otherwise: count again).
   */
  capacityCount?: {
    counter: CapacityCounter;
    taken: Partial<Record<AgeGroup, number>>;
    queued: Partial<Record<AgeGroup, number>>;
  },
): Promise<
  SeasonItem | 'no-season' | 'has-registrations' | 'sessions-moved' | 'counter-moved' | 'offers-published'
> {
  const entries = Object.entries(settings).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return (await getSeason(seasonId)) ?? 'no-season';
  const guarded = sessionsWere !== undefined;
  // Offers turn off only while not published (issue 45): a publish hour set is families' offers going out.
  const offersStayOn =
    settings.offers_enabled === false ? ' AND attribute_not_exists(offers_publish_at)' : '';
  // A new waiver text is a new version: counted in the same write, so two saves count two.
  const waiverVersion =
    settings.waiver_text !== undefined
      ? ', waiver_version = if_not_exists(waiver_version, :zero) + :one'
      : '';
  const out = await updateAudited({
    key: keys.season(seasonId),
    update: {
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}${waiverVersion}`,
      ConditionExpression:
        (!guarded
          ? 'attribute_exists(PK)'
          : sessionsWere.length
            ? 'attribute_exists(PK) AND #sessionsWere = :sessionsWere'
            : 'attribute_exists(PK) AND (attribute_not_exists(#sessionsWere) OR #sessionsWere = :sessionsWere)') +
        offersStayOn,
      ExpressionAttributeNames: {
        ...Object.fromEntries(entries.map(([field], i) => [`#f${i}`, field])),
        ...(guarded ? { '#sessionsWere': 'sessions' } : {}),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value])),
        ...(guarded ? { ':sessionsWere': sessionsWere } : {}),
        ...(waiverVersion ? { ':zero': 0, ':one': 1 } : {}),
      },
    },
    fields: entries.map(([field]) => field),
    after: Object.fromEntries(entries),
    by,
    subject: { action: 'season_settings', seasonId },
    extra: capacityCount
      ? [capacityCounterUpdate(seasonId, settings, capacityCount)]
      : settings.reference_year === undefined
        ? []
        : [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.tryoutCounter(seasonId),
                ConditionExpression: 'attribute_not_exists(#last)',
                ExpressionAttributeNames: { '#last': 'last' },
              },
            },
          ],
  });
  if ('item' in out) return toSeason(out.item);
  // The transaction's items: the season's update, the audit entry, then the counter's check (or update).
  if (out.codes[2] === 'ConditionalCheckFailed' && capacityCount) {
    const counter = await getCapacityCounter(seasonId);
    return settings.reference_year !== undefined && counter.last !== undefined
      ? 'has-registrations'
      : 'counter-moved';
  }
  if (out.codes[2] === 'ConditionalCheckFailed') return 'has-registrations';
  if (out.refused && out.codes[0] === 'ConditionalCheckFailed' && (guarded || offersStayOn)) {
    const season = await getSeason(seasonId);
    if (season && offersStayOn && season.offers_publish_at) return 'offers-published';
    if (season && guarded) return 'sessions-moved';
  }
  if (!out.refused || out.codes[0] === 'ConditionalCheckFailed') return 'no-season';
  throw new Error(`Season settings transaction failed: ${out.codes.join(',')}`);
}

/**
 * The counter's copy of new capacities and its counts (issue 45), conditioned on the counter as counted from:
 * no number given since (or none at all, when the age year changes too) and no spot changed hands (`ver`).
 */
function capacityCounterUpdate(
  seasonId: string,
  settings: SeasonSettings,
  count: NonNullable<Parameters<typeof updateSeasonSettings>[4]>,
) {
  const { counter } = count;
  const ver = verCondition(counter);
  const last =
    settings.reference_year !== undefined || counter.last === undefined
      ? 'attribute_not_exists(#last)'
      : '#last = :last';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.tryoutCounter(seasonId),
      UpdateExpression:
        'SET capacities = :caps, taken = :taken, queued = :queued, ver = :ver1, #type = if_not_exists(#type, :type)',
      ConditionExpression: `${last} AND ${ver.expression}`,
      ExpressionAttributeNames: { '#last': 'last', '#type': 'type' },
      ExpressionAttributeValues: {
        ...ver.values,
        ...(last === '#last = :last' ? { ':last': counter.last } : {}),
        ':caps': settings.capacities ?? counter.capacities,
        ':taken': count.taken,
        ':queued': count.queued,
        ':ver1': (counter.ver ?? 0) + 1,
        ':type': 'tryout-counter',
      },
    },
  };
}

/** Reads the active season: the pointer, then the season it names (two GetItems). */
export async function getActiveSeason(): Promise<SeasonItem | null> {
  const seasonId = await getActiveSeasonId();
  return seasonId ? getSeason(seasonId) : null;
}

/** Reads which season is active (one GetItem of the pointer); null when none is. */
export async function getActiveSeasonId(): Promise<string | null> {
  const pointer = await db().send(new GetCommand({ TableName: tableName(), Key: keys.activeSeason() }));
  return (pointer.Item?.seasonId as string | undefined) ?? null;
}

/** Lists every season, newest first: one Query of the seasons index (paged inside; a club has few). */
export async function listSeasons(): Promise<SeasonItem[]> {
  const seasons: SeasonItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: tableDefinition.gsi1.indexName,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.seasonsIndexPartition },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) seasons.push(toSeason(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return seasons;
}

/**
 * Opens or closes a season's registration: one conditional update (the season must exist), answering the
 * season as written, or null when there is no such season. A registration racing a close is refused by the
 * registration's own check of the season inside its transaction (db/registration/registrations.ts).
 */
export async function setRegistrationOpen(
  seasonId: string,
  open: boolean,
  by: AuditBy,
): Promise<SeasonItem | null> {
  const out = await updateAudited({
    key: keys.season(seasonId),
    update: {
      UpdateExpression: 'SET is_registration_open = :open',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':open': open },
    },
    fields: ['is_registration_open'],
    after: { is_registration_open: open },
    by,
    subject: { action: 'registration_window', seasonId },
  });
  return 'item' in out ? toSeason(out.item) : null;
}

/**
 * Sets (or, with null, removes) one age group's team link: one conditional update of that map entry only,
 * so two admins setting different groups at once both keep theirs. The group must be one of the season's.
 * 'no-season' or 'not-in-season' when refused.
 */
export async function setTeamLink(
  seasonId: string,
  group: AgeGroup,
  url: string | null,
  by: AuditBy,
): Promise<SeasonItem | 'no-season' | 'not-in-season'> {
  const out = await updateAudited({
    key: keys.season(seasonId),
    update: {
      UpdateExpression: url === null ? 'REMOVE teamsnap_links.#g' : 'SET teamsnap_links.#g = :url',
      ConditionExpression: 'attribute_exists(PK) AND contains(age_groups, :group)',
      ExpressionAttributeNames: { '#g': group },
      ExpressionAttributeValues: { ':group': group, ...(url === null ? {} : { ':url': url }) },
    },
    fields: [`teamsnap_links.${group}`],
    after: { [`teamsnap_links.${group}`]: url },
    by,
    subject: { action: 'team_link', seasonId },
  });
  if ('item' in out) return toSeason(out.item);
  return out.refused ? 'not-in-season' : 'no-season';
}

/** Reads one season by id (strongly consistent, so a change just made is seen). */
export async function getSeason(seasonId: string): Promise<SeasonItem | null> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.season(seasonId), ConsistentRead: true }),
  );
  return out.Item ? toSeason(out.Item) : null;
}

/**
 * Writes a new season and makes it the active one in one transaction, so readers see either the old
 * active season or the complete new one, never a pointer to a missing season.
 */
export async function createActiveSeason(season: SeasonItem, by: AuditBy): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.season(season.id),
              ...keys.seasonsIndex(season.createdAt),
              type: 'season',
              ...season,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.activeSeason(), type: 'active-season', seasonId: season.id },
          },
        },
        auditPut(
          by,
          { action: 'season_created', seasonId: season.id },
          {},
          {
            name: season.name,
            tryout_fee_cents: season.tryout_fee_cents,
            sibling_fee_cents: season.sibling_fee_cents ?? null,
            reference_year: season.reference_year,
          },
        ),
      ],
    }),
  );
}

/** A season item as read from the table (GetItem, Query). */
export function toSeason(item: Record<string, unknown>): SeasonItem {
  return {
    id: item.id as string,
    name: item.name as string,
    age_groups: (item.age_groups as AgeGroup[]) ?? [],
    is_registration_open: item.is_registration_open === true,
    tryout_fee_cents: item.tryout_fee_cents as number,
    ...(typeof item.sibling_fee_cents === 'number' ? { sibling_fee_cents: item.sibling_fee_cents } : {}),
    reference_year: item.reference_year as number,
    teamsnap_links: (item.teamsnap_links as SeasonItem['teamsnap_links'] | undefined) ?? {},
    sessions: (item.sessions as TryoutSession[] | undefined) ?? [],
    ...(typeof item.registration_opens_on === 'string' && item.registration_opens_on
      ? { registration_opens_on: item.registration_opens_on }
      : {}),
    ...(typeof item.waiver_text === 'string' && item.waiver_text ? { waiver_text: item.waiver_text } : {}),
    ...(typeof item.waiver_version === 'number' ? { waiver_version: item.waiver_version } : {}),
    ...(typeof item.refund_policy === 'string' && item.refund_policy
      ? { refund_policy: item.refund_policy }
      : {}),
    ...(Array.isArray(item.criteria) ? { criteria: item.criteria as Criterion[] } : {}),
    ...(typeof item.scale_max === 'number' ? { scale_max: item.scale_max } : {}),
    ...(typeof item.offers_enabled === 'boolean' ? { offers_enabled: item.offers_enabled } : {}),
    ...(typeof item.offers_respond_within_hours === 'number'
      ? { offers_respond_within_hours: item.offers_respond_within_hours }
      : {}),
    ...(typeof item.offers_auto_offer_alternates === 'boolean'
      ? { offers_auto_offer_alternates: item.offers_auto_offer_alternates }
      : {}),
    ...(typeof item.offers_publish_at === 'string' ? { offers_publish_at: item.offers_publish_at } : {}),
    ...(typeof item.offers_published_at === 'string'
      ? { offers_published_at: item.offers_published_at }
      : {}),
    ...(item.capacities && typeof item.capacities === 'object'
      ? { capacities: item.capacities as SeasonItem['capacities'] }
      : {}),
    ...(typeof item.spot_hold_hours === 'number' ? { spot_hold_hours: item.spot_hold_hours } : {}),
    ...(item.etransfer && typeof item.etransfer === 'object'
      ? { etransfer: item.etransfer as EtransferSettings }
      : {}),
    createdAt: item.createdAt as string,
    ...(typeof item.personal_data_removed_at === 'string'
      ? { personal_data_removed_at: item.personal_data_removed_at }
      : {}),
  };
}

/** A season's offer settings (issue 45), its stored attributes over the defaults. */
export function offerSettingsOf(season: SeasonItem): OfferSettings {
  return {
    enabled: season.offers_enabled ?? DEFAULT_OFFER_SETTINGS.enabled,
    respond_within_hours: season.offers_respond_within_hours ?? DEFAULT_OFFER_SETTINGS.respond_within_hours,
    publish_at: season.offers_publish_at ?? null,
    auto_offer_alternates:
      season.offers_auto_offer_alternates ?? DEFAULT_OFFER_SETTINGS.auto_offer_alternates,
  };
}

/**
 * Publishes a season's offers (issue 45): when they go out, written once, only while offers are on and not
 * published yet (one conditional update, audited), so two admins publishing at once: one sets the hour.
 * 'off' or 'published' when refused.
 */
export async function setOffersPublishAt(
  seasonId: string,
  at: string,
  by: AuditBy,
): Promise<SeasonItem | 'no-season' | 'off' | 'published'> {
  const out = await updateAudited({
    key: keys.season(seasonId),
    update: {
      UpdateExpression: 'SET offers_publish_at = :at',
      ConditionExpression:
        'attribute_exists(PK) AND offers_enabled = :true AND attribute_not_exists(offers_publish_at)',
      ExpressionAttributeValues: { ':at': at, ':true': true },
    },
    fields: ['offers_publish_at'],
    after: { offers_publish_at: at },
    by,
    subject: { action: 'offers_published', seasonId },
  });
  if ('item' in out) return toSeason(out.item);
  const now = await getSeason(seasonId);
  if (!now) return 'no-season';
  return now.offers_publish_at ? 'published' : 'off';
}

/** Records that the publish job sent the season's offers (once: the first run to finish writes it). */
export async function markOffersPublished(seasonId: string, at: Date): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.season(seasonId),
        UpdateExpression: 'SET offers_published_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(offers_published_at)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
}
