/**
 * Evaluators' scores (issue 37), one item per evaluator, player and criterion, in the season and group's own
 * partition. A device sends each score with the time it was given; the write keeps the latest, by a
 * condition, so a resend, a retry or an older copy arriving late never replaces a newer score.
 */
import type { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AgeGroup } from '@club/shared';
import { db, queryAll, tableName } from '../platform/client';
import { keys } from '../platform/keys';
import { anonymisingUpdate } from '../privacy/anonymise';
import { FORMER_EVALUATOR } from '@club/shared/personal-data';
import { isConditionFailure, unlessConditionFails } from '../platform/transactions';

export interface ScoreItem {
  season_id: string;
  age_group: AgeGroup;
  evaluator_id: string;
  evaluator_name: string;
  player_id: string;
  tryout_id: string;
  criterion: string;
  value: number;
  note?: string;
  scored_at: string;
  client_id: string;
}

function toScore(item: Record<string, unknown>): ScoreItem {
  const { PK: _pk, SK: _sk, type: _type, ...score } = item;
  return score as unknown as ScoreItem;
}

/** What became of a score sent: kept, older than the one kept, or its id already kept with another value. */
export type ScoreOutcome = 'stored' | 'superseded' | 'reused_id';

/**
 * Stores a score unless the table holds a later one of the same evaluator, player and criterion, or holds
 * this score's id with another value, note or time (an id is one score: its resend is the same score). One
 * conditional write decides, so two copies arriving at once cannot both win.
 */
export async function putLatestScore(score: ScoreItem): Promise<ScoreOutcome> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.score(
          score.season_id,
          score.age_group,
          score.evaluator_id,
          score.player_id,
          score.criterion,
        ),
        UpdateExpression:
          'SET #type = :type, season_id = :season, age_group = :group, evaluator_id = :e, evaluator_name = :en, ' +
          'player_id = :p, tryout_id = :t, criterion = :c, #value = :v, scored_at = :at, client_id = :cid' +
          (score.note ? ', note = :note' : ' REMOVE note'),
        ConditionExpression:
          'attribute_not_exists(PK) OR (client_id <> :cid AND scored_at <= :at) OR ' +
          `(client_id = :cid AND #value = :v AND scored_at = :at AND ${score.note ? 'note = :note' : 'attribute_not_exists(note)'})`,
        ExpressionAttributeNames: { '#type': 'type', '#value': 'value' },
        ExpressionAttributeValues: {
          ':type': 'score',
          ':season': score.season_id,
          ':group': score.age_group,
          ':e': score.evaluator_id,
          ':en': score.evaluator_name,
          ':p': score.player_id,
          ':t': score.tryout_id,
          ':c': score.criterion,
          ':v': score.value,
          ':at': score.scored_at,
          ':cid': score.client_id,
          ...(score.note ? { ':note': score.note } : {}),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'stored';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const kept = (error as ConditionalCheckFailedException).Item;
    return kept?.client_id?.S === score.client_id ? 'reused_id' : 'superseded';
  }
}

/** A group's scores, every evaluator's (the rankings), or one evaluator's own (their roster): one Query. */
export async function scoresOfGroup(
  seasonId: string,
  ageGroup: AgeGroup,
  evaluatorId?: string,
): Promise<ScoreItem[]> {
  const pk = keys.scoresOfGroup(seasonId, ageGroup).PK;
  const items = await queryAll({
    KeyConditionExpression: evaluatorId ? 'PK = :pk AND begins_with(SK, :sk)' : 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk, ...(evaluatorId ? { ':sk': `${evaluatorId}#` } : {}) },
    ConsistentRead: true,
  });
  return items.map(toScore);
}

/**
 * Adds an evaluator to the registration's `seen_by` set (the family's "Seen by 3 evaluators"): a set, so a
 * resend adds nothing. Only while the registration exists.
 */
export async function markSeen(seasonId: string, playerId: string, evaluatorId: string): Promise<void> {
  await unlessConditionFails(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(seasonId, playerId),
        UpdateExpression: 'ADD seen_by :e',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':e': new Set([evaluatorId]) },
      }),
    ),
  );
}

/** A player's scores in a group, every evaluator's (one Query of the group, filtered on the player). */
async function scoreKeysOfPlayer(seasonId: string, ageGroup: string, playerId: string) {
  return queryAll({
    KeyConditionExpression: 'PK = :pk',
    FilterExpression: 'player_id = :p',
    ExpressionAttributeValues: { ':pk': keys.scoresOfGroup(seasonId, ageGroup).PK, ':p': playerId },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
}

/**
 * Removes the evaluators' notes about a player whose identity is deleted: the notes are free text that can
 * name the child; the values stay, anonymous, with the anonymous registration. Each only while it exists.
 */
export async function forgetNotesAbout(seasonId: string, ageGroup: string, playerId: string): Promise<void> {
  for (const key of await scoreKeysOfPlayer(seasonId, ageGroup, playerId)) {
    await unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: key.PK, SK: key.SK },
          // The athlete's fields of a score, as declared (shared personal-data.ts): the note.
          ...anonymisingUpdate('scores', { whose: 'athlete' }),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      ),
    );
  }
}

/** An evaluator whose account is deleted reads as this on the rankings (declared in shared personal-data.ts). */
export { FORMER_EVALUATOR };

/** Renames an evaluator on their scores of a group (their account was deleted). */
export async function forgetEvaluatorName(
  seasonId: string,
  ageGroup: string,
  evaluatorId: string,
): Promise<void> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.scoresOfGroup(seasonId, ageGroup).PK, ':sk': `${evaluatorId}#` },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  for (const key of items) {
    await unlessConditionFails(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { PK: key.PK, SK: key.SK },
          // The evaluator's fields of a score, as declared: the name reads FORMER_EVALUATOR.
          ...anonymisingUpdate('scores', { whose: 'helper' }),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      ),
    );
  }
}

/** Every score key of a season's group (the retention job deletes them with the season's personal data). */
export async function scoreKeysOfGroup(
  seasonId: string,
  ageGroup: string,
): Promise<Array<Record<string, unknown>>> {
  return queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.scoresOfGroup(seasonId, ageGroup).PK },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
}
