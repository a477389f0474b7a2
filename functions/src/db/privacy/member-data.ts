/**
 * Everything the table holds about one account and its household (issue 19: a member's right to see it), read
 * as the items are stored. Every read is a GetItem, a BatchGet or a Query on the account's own keys, never a
 * Scan: the profile and its sign-in sessions, the household's partition, the other guardians' profiles, every
 * season's registrations (and those still waiting for their number), refunds, family checkouts and audit entries of the household's athletes, the addresses' mail status
 * and the "E-mail me when it opens" entry. What is never read back: one-time and refresh tokens (stored only as
 * hashes, keyed by them, and gone within hours) and rate-limit counters (minutes).
 */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { listSeasons } from '../seasons/seasons';

export type StoredItem = Record<string, unknown>;

async function get(key: Record<string, string>): Promise<StoredItem | null> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item ?? null;
}

function query(pk: string, skPrefix?: string): Promise<StoredItem[]> {
  return queryAll({
    KeyConditionExpression: skPrefix ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':sk': skPrefix } : {}) },
    ConsistentRead: true,
  });
}

/** Every item under one GSI1 partition (eventually consistent: the index has no other kind). */
function queryIndex(gsi1pk: string): Promise<StoredItem[]> {
  return queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });
}

async function batchGet(keyList: Array<Record<string, string>>): Promise<StoredItem[]> {
  const found: StoredItem[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: Array<Record<string, unknown>> = keyList.slice(i, i + 100);
    for (let attempt = 0; pending.length && attempt < 5; attempt += 1) {
      const out = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
      );
      found.push(...(out.Responses?.[tableName()] ?? []));
      pending =
        (out.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
    }
    if (pending.length) throw new Error('Items could not all be read');
  }
  return found;
}

export interface MemberItems {
  profile: StoredItem;
  sessions: StoredItem[];
  household: StoredItem[];
  guardians: StoredItem[];
  /** Every athlete of the household: the account holder (a player's account) and those added. */
  athleteIds: string[];
  seasons: StoredItem[];
  registrations: StoredItem[];
  /**
   * The household's athletes' registrations written but still waiting for their tryout number (decision
   * 0067): each holds the registration's details under `tryout`.
   */
  waiting: StoredItem[];
  /** The household's athletes on a full age group's waitlist (issue 45): the registration under `tryout`. */
  waitlisted: StoredItem[];
  refunds: StoredItem[];
  /** The registrations' players' offers of a team place (issue 45), one per player and season. */
  offers: StoredItem[];
  /** The offers' later instalments of a team fee (issue 46), 2..4 per offer. */
  instalments: StoredItem[];
  checkouts: StoredItem[];
  /** What administrators changed on those registrations (the audit trail's entries naming them). */
  changes: StoredItem[];
  mailStatus: StoredItem[];
  openingNotice: StoredItem | null;
}

/** Reads it all; null when the account is gone. */
export async function readMemberItems(userId: string): Promise<MemberItems | null> {
  const profile = await get(keys.user(userId));
  if (!profile) return null;
  const householdId = typeof profile.household_id === 'string' ? profile.household_id : null;
  const [sessions, household, seasons, openingNotice] = await Promise.all([
    query(keys.sessionFamiliesOfUser(userId).PK, keys.sessionFamiliesOfUser(userId).SKPrefix),
    householdId ? query(keys.householdPartition(householdId).PK) : Promise.resolve([]),
    listSeasons(),
    get(keys.openingNotice(userId)),
  ]);
  const guardianIds = household
    .filter((item) => String(item.SK).startsWith(keys.guardianSKPrefix))
    .map((item) => String(item.SK).slice(keys.guardianSKPrefix.length))
    .filter((id) => id !== userId);
  const guardians = await batchGet(guardianIds.map((id) => keys.user(id)));
  const added = household
    .filter((item) => String(item.SK).startsWith(keys.athleteSKPrefix))
    .map((item) => String(item.SK).slice(keys.athleteSKPrefix.length));
  const own = [profile, ...guardians].filter(
    (user) => user.account_type !== 'guardian' && typeof user.date_of_birth === 'string',
  );
  const athleteIds = [...new Set([...own.map((user) => String(user.id)), ...added])];
  const [ofAthletes, madeByAccount, waiting, waitlisted] = await Promise.all([
    batchGet(seasons.flatMap((season) => athleteIds.map((athleteId) => keys.tryout(season.id, athleteId)))),
    // What the account registered, whoever's athlete it is now (one removed, or a household left): those
    // registrations carry the account's address and phone too (issue 34).
    queryIndex(keys.registrationsOfUserIndex(userId).GSI1PK),
    batchGet(
      seasons.flatMap((season) => athleteIds.map((athleteId) => keys.waitingTryout(season.id, athleteId))),
    ),
    batchGet(
      seasons.flatMap((season) => athleteIds.map((athleteId) => keys.waitlistEntry(season.id, athleteId))),
    ),
  ]);
  const seen = new Set(ofAthletes.map((r) => `${String(r.PK)}|${String(r.SK)}`));
  const elsewhere = await batchGet(
    madeByAccount
      .filter((r) => String(r.GSI1SK).startsWith(keys.registrationsOfUserIndex(userId).GSI1SKPrefix))
      .filter((r) => !seen.has(`${String(r.PK)}|${String(r.SK)}`))
      .map((r) => ({ PK: String(r.PK), SK: String(r.SK) })),
  );
  const registrations = [...ofAthletes, ...elsewhere];
  const [refunds, checkouts, changes, offers, instalments] = await Promise.all([
    Promise.all(
      registrations.map((r) => {
        const { PK, SKPrefix } = keys.refundsOf(String(r.season_id), String(r.player_id));
        return query(PK, SKPrefix);
      }),
    ).then((lists) => lists.flat()),
    batchGet(
      [
        ...new Set(
          registrations
            .filter((r) => typeof r.checkout_group_id === 'string')
            .map((r) => `${String(r.season_id)}|${String(r.checkout_group_id)}`),
        ),
      ].map((pair) => {
        const [seasonId, groupId] = pair.split('|') as [string, string];
        return keys.checkoutGroup(seasonId, groupId);
      }),
    ),
    Promise.all(
      registrations.map((r) =>
        queryIndex(keys.auditOfRowIndex(String(r.season_id), String(r.player_id)).GSI1PK),
      ),
    ).then((lists) => lists.flat()),
    batchGet(registrations.map((r) => keys.offer(String(r.season_id), String(r.player_id)))),
    Promise.all(
      registrations.map((r) => {
        const { PK, SKPrefix } = keys.instalmentsOf(String(r.season_id), String(r.player_id));
        return query(PK, SKPrefix);
      }),
    ).then((lists) => lists.flat()),
  ]);
  const addresses = new Set<string>();
  for (const item of [profile, ...guardians, ...household, ...registrations]) {
    for (const field of ['email', 'emergency_contact_email']) {
      if (typeof item[field] === 'string' && item[field]) addresses.add(String(item[field]).toLowerCase());
    }
  }
  const mailStatus = await batchGet([...addresses].map((address) => keys.mailStatus(address)));
  return {
    profile,
    sessions,
    household,
    guardians,
    athleteIds,
    seasons: seasons as unknown as StoredItem[],
    registrations,
    waiting,
    waitlisted,
    refunds,
    offers,
    instalments,
    checkouts,
    changes,
    mailStatus,
    openingNotice,
  };
}
