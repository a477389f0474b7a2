/**
 * Scoring on tryout night (issue 37): the season's criteria (the admin's), an evaluator's roster of one group
 * (number, first name and last initial, checked in) with their own scores, and the batches of scores their
 * phone sends, kept per evaluator, player and criterion with the latest given winning.
 */
import {
  MAX_SCORE_CLOCK_AHEAD_MS,
  serverMessages,
  tryoutId as tryoutIds,
  type AccessTokenClaims,
  type AgeGroup,
  type CriteriaInput,
  type RosterAnswer,
  type Score,
  type ScoresAnswer,
  type ScoresInput,
  type SeasonCriteria,
} from '@club/shared';
import * as scoresTable from '../../db/tryout-night/scores';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import type { HelperAccess } from '../platform/access';
import { byAdmin } from '../platform/audit';

/** The scale a season scores on until the admin says otherwise. */
const DEFAULT_SCALE_MAX = 5;

export function criteriaOf(season: seasonsTable.SeasonItem): SeasonCriteria {
  return { criteria: season.criteria ?? [], scale_max: season.scale_max ?? DEFAULT_SCALE_MAX };
}

async function seasonOrNotFound(seasonId: string): Promise<seasonsTable.SeasonItem> {
  const season = await seasonsTable.getSeason(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  return season;
}

/** GET /admin/seasons/{id}/criteria. */
export async function getCriteria(seasonId: string): Promise<SeasonCriteria> {
  return criteriaOf(await seasonOrNotFound(seasonId));
}

/** PUT /admin/seasons/{id}/criteria: audited as a change of the season's settings. */
export async function setCriteria(
  admin: AccessTokenClaims,
  seasonId: string,
  input: CriteriaInput,
): Promise<SeasonCriteria> {
  const out = await seasonsTable.updateSeasonSettings(
    seasonId,
    { criteria: input.criteria, scale_max: input.scale_max },
    byAdmin(admin),
  );
  if (typeof out === 'string') throw new NotFoundError(serverMessages.seasonNotFound);
  return criteriaOf(out);
}

function requireGroup(helper: HelperAccess, group: AgeGroup): void {
  if (!helper.age_groups.includes(group)) throw new ForbiddenError(serverMessages.groupNotEvaluated);
}

/** "Mina Q." */
const shortName = (first: string, last: string) => `${first} ${last.slice(0, 1)}.`;

/**
 * GET /evaluate/{seasonId}/roster?age_group=: the group's players (not withdrawn), by number, as an
 * evaluator sees them, with the criteria and the caller's own scores (never another evaluator's).
 */
export async function roster(helper: HelperAccess, seasonId: string, group: AgeGroup): Promise<RosterAnswer> {
  requireGroup(helper, group);
  const [{ season, tryouts }, own] = await Promise.all([
    getSeasonWithTryouts(seasonId),
    scoresTable.scoresOfGroup(seasonId, group, helper.userId),
  ]);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  return {
    season_id: season.id,
    season_name: season.name,
    age_group: group,
    ...criteriaOf(season),
    players: tryouts
      .filter((t) => t.age_group === group && !t.withdrawn)
      .map((t) => ({
        id: t.id,
        tryout_number: t.tryout_number,
        name: shortName(t.first_name, t.last_name),
        age_group: t.age_group,
        checked_in: t.attended,
      })),
    scores: own.map((s): Score => ({
      tryout_id: s.tryout_id,
      criterion: s.criterion,
      value: s.value,
      ...(s.note ? { note: s.note } : {}),
      scored_at: s.scored_at,
      client_id: s.client_id,
    })),
  };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  }
  return results;
}

/**
 * PUT /evaluate/{seasonId}/scores: a device's batch. Each score is kept per (evaluator, registration,
 * criterion), the latest `scored_at` winning, so sending a batch twice, or an older copy late, changes
 * nothing. Refused whole, nothing written: a score of a group the evaluator does not score (403), one off
 * the season's criteria or scale, or given at a time after the server's clock (by more than a few minutes)
 * or before the season (400: the phone's clock is wrong, and a score dated 2099 would outlast every later
 * correction), and one id sent with two different scores (409). A score whose id the table already holds
 * with another value is refused (409) after the batch's other scores are kept. A registration since deleted
 * is skipped. A player not checked in (or since withdrawn) keeps the scores, but their family does not read
 * "Seen by" for them (household-tryouts.ts).
 */
export async function putScores(
  helper: HelperAccess,
  seasonId: string,
  input: ScoresInput,
  now: Date = new Date(),
): Promise<ScoresAnswer> {
  const season = await seasonOrNotFound(seasonId);
  const { criteria, scale_max } = criteriaOf(season);
  if (criteria.length === 0) throw new ConflictError(serverMessages.criteriaNotSet);
  const keys = new Set(criteria.map((c) => c.key));
  const playerIds = [...new Set(input.scores.map((s) => tryoutIds.parse(s.tryout_id)))].map((ids) => {
    if (!ids || ids.seasonId !== seasonId) throw new NotFoundError(serverMessages.notCheckedInHere);
    return ids.playerId;
  });
  const latest = now.getTime() + MAX_SCORE_CLOCK_AHEAD_MS;
  const earliest = Date.parse(season.createdAt);
  const sameId = new Map<string, string>();
  for (const score of input.scores) {
    if (!keys.has(score.criterion)) {
      throw new BadRequestError(`“${score.criterion}” is not one of this season’s criteria.`);
    }
    if (score.value > scale_max) throw new BadRequestError(`Scores go from 1 to ${scale_max} this season.`);
    const at = Date.parse(score.scored_at);
    if (at > latest) throw new BadRequestError(serverMessages.scoreAheadOfClock);
    if (at < earliest) throw new BadRequestError(serverMessages.scoreBeforeSeason);
    const whole = JSON.stringify([score.tryout_id, score.criterion, score.value, score.note ?? '', at]);
    if ((sameId.get(score.client_id) ?? whole) !== whole)
      throw new ConflictError(serverMessages.scoreIdReused);
    sameId.set(score.client_id, whole);
  }
  const tryouts = new Map(
    (await tryoutsTable.getTryoutsOf(seasonId, [...new Set(playerIds)])).map((t) => [t.player_id, t]),
  );
  for (const tryout of tryouts.values()) requireGroup(helper, tryout.age_group);
  const outcomes = await inBatches(input.scores, 25, async (score) => {
    const tryout = tryouts.get(tryoutIds.parse(score.tryout_id)!.playerId);
    if (!tryout) return null;
    return scoresTable.putLatestScore({
      season_id: seasonId,
      age_group: tryout.age_group,
      evaluator_id: helper.userId,
      evaluator_name: helper.name,
      player_id: tryout.player_id,
      tryout_id: tryout.id,
      criterion: score.criterion,
      value: score.value,
      ...(score.note ? { note: score.note } : {}),
      scored_at: new Date(score.scored_at).toISOString(),
      client_id: score.client_id,
    });
  });
  await inBatches([...tryouts.values()], 25, (t) =>
    scoresTable.markSeen(seasonId, t.player_id, helper.userId),
  );
  const stored = outcomes.filter((o) => o === 'stored').length;
  const superseded = outcomes.filter((o) => o === 'superseded').length;
  const reused = outcomes.filter((o) => o === 'reused_id').length;
  log.info('scores received', { seasonId, stored, superseded, reused });
  if (reused) throw new ConflictError(serverMessages.scoreIdReused);
  return { stored, superseded };
}
