/**
 * From scores to results (issue 37): a group's players ranked for the admin. Each evaluator's scores are
 * first put on a common footing (how far each sits from that evaluator's own average over the group, in
 * that evaluator's standard deviations), so a harsh evaluator does not sink the players they saw and a
 * generous one does not lift theirs; a player's overall is the mean of those over their evaluators.
 */
import {
  divisionOf,
  MIN_EVALUATORS,
  serverMessages,
  type AgeGroup,
  type RankingRow,
  type RankingsAnswer,
} from '@club/shared';
import * as scoresTable from '../../db/tryout-night/scores';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import { toCsv } from '../../lib/csv';
import { NotFoundError } from '../../lib/errors';
import { criteriaOf } from './evaluation';

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** The scores of one group, by evaluator, turned into standard scores against that evaluator's own. */
export function standardScores(
  scores: ReadonlyArray<{ evaluator_id: string; player_id: string; value: number }>,
): Map<string, Map<string, number>> {
  const byEvaluator = new Map<string, Array<{ player_id: string; value: number }>>();
  for (const s of scores) byEvaluator.set(s.evaluator_id, [...(byEvaluator.get(s.evaluator_id) ?? []), s]);
  // player → evaluator → the mean of that evaluator's standard scores of the player
  const out = new Map<string, Map<string, number>>();
  for (const [evaluator, list] of byEvaluator) {
    const m = mean(list.map((s) => s.value));
    const sd = Math.sqrt(mean(list.map((s) => (s.value - m) ** 2)));
    const perPlayer = new Map<string, number[]>();
    for (const s of list) {
      perPlayer.set(s.player_id, [...(perPlayer.get(s.player_id) ?? []), sd === 0 ? 0 : (s.value - m) / sd]);
    }
    for (const [player, zs] of perPlayer) {
      const row = out.get(player) ?? new Map<string, number>();
      row.set(evaluator, mean(zs));
      out.set(player, row);
    }
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * GET /admin/seasons/{id}/rankings?age_group=: the group's players (not withdrawn), best overall first
 * (unscored last, by number), each with who scored them, each criterion's mean, the overall on the scale
 * (the criteria's means averaged) with the place the normalised overall gives, the evaluators' notes, and a
 * flag for players seen by fewer than two evaluators.
 */
export async function rankings(seasonId: string, group: AgeGroup): Promise<RankingsAnswer> {
  const [{ season, tryouts }, scores] = await Promise.all([
    getSeasonWithTryouts(seasonId),
    scoresTable.scoresOfGroup(seasonId, group),
  ]);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  const { criteria, scale_max } = criteriaOf(season);
  const keys = new Set(criteria.map((c) => c.key));
  const labels = new Map(criteria.map((c) => [c.key, c.label]));
  const counted = scores.filter((s) => keys.has(s.criterion));
  const standard = standardScores(counted);
  const rows: RankingRow[] = tryouts
    .filter((t) => t.age_group === group && !t.withdrawn)
    .map((t) => {
      const own = counted.filter((s) => s.player_id === t.player_id);
      const evaluators = [...new Map(own.map((s) => [s.evaluator_id, s.evaluator_name])).values()].sort();
      const z = standard.get(t.player_id);
      const means = Object.fromEntries(
        criteria.map((c) => {
          const values = own.filter((s) => s.criterion === c.key).map((s) => s.value);
          return [c.key, values.length ? round2(mean(values)) : null];
        }),
      );
      const scored = Object.values(means).filter((m): m is number => m !== null);
      return {
        id: t.id,
        tryout_number: t.tryout_number,
        first_name: t.first_name,
        last_name: t.last_name,
        age_group: t.age_group,
        division: divisionOf(t.age_group),
        attended: t.attended,
        result: t.result,
        evaluators,
        means,
        overall: z && z.size ? round2(mean([...z.values()])) : null,
        average: scored.length ? round2(mean(scored)) : null,
        rank: null,
        notes: own
          .filter((s) => s.note)
          .sort(
            (a, b) =>
              a.evaluator_name.localeCompare(b.evaluator_name) || a.criterion.localeCompare(b.criterion),
          )
          .map((s) => ({ evaluator: s.evaluator_name, criterion: labels.get(s.criterion)!, note: s.note! })),
        few_evaluators: evaluators.length < MIN_EVALUATORS,
      };
    })
    .sort(
      (a, b) =>
        (a.overall === null ? 1 : 0) - (b.overall === null ? 1 : 0) ||
        (b.overall ?? 0) - (a.overall ?? 0) ||
        a.tryout_number - b.tryout_number,
    );
  for (const row of rows) {
    if (row.overall !== null)
      row.rank = 1 + rows.filter((r) => (r.overall ?? -Infinity) > row.overall!).length;
  }
  return { age_group: group, criteria, scale_max, rows };
}

/** The rankings as a spreadsheet: one row per player, as the admin's screen shows them. */
export function rankingsCsv(ranked: RankingsAnswer): string {
  const results = { selected: 'Selected', not_selected: 'Not Selected', '': '' } as const;
  return toCsv([
    [
      'Tryout #',
      'First name',
      'Last name',
      'Age group',
      'Overall',
      ...ranked.criteria.map((c) => c.label),
      'Evaluators',
      'Seen by fewer than 2',
      'Result',
    ],
    ...ranked.rows.map((r) => [
      r.tryout_number,
      r.first_name,
      r.last_name,
      r.age_group,
      r.overall ?? '',
      ...ranked.criteria.map((c) => r.means[c.key] ?? ''),
      r.evaluators.join('; '),
      r.few_evaluators ? 'Yes' : 'No',
      results[r.result],
    ]),
  ]);
}
