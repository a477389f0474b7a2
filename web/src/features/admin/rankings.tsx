/**
 * From scores to results (issue 37): one group's players ranked from the evaluators' scores. The admin sorts
 * by any column, narrows to players seen by fewer than two evaluators, downloads the table as a spreadsheet,
 * ticks the players to select and sets the results in one go: "Selected" for the ticked rows, "Not Selected"
 * for the other players who were there and scored. A volunteer reads the overall on the criteria's scale,
 * with the place the normalised score gives beside it, and each player's notes (issue 42). Before anything
 * changes the screen says what will happen, and who is left as they are (absent or not scored: never
 * silently Not Selected); the table is read again after. Each stays editable one by one in the tryout table.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import type { RankingRow, RankingsAnswer } from '@club/shared/tryout-night';
import type { AdminSeason } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
import { PlaceOnTeam } from './place-on-team';
import { useSeasonTeams } from './teams-panel';
import { saveFile } from '../../lib/save-file';
import { setSelection } from './api';
import { downloadRankings, getRankings } from './tryout-night-api';

type SortKey = 'overall' | 'number' | 'evaluators' | string;

function sortRows(rows: RankingRow[], key: SortKey, descending: boolean): RankingRow[] {
  const value = (r: RankingRow): number | null => {
    if (key === 'overall') return r.overall;
    if (key === 'number') return r.tryout_number;
    if (key === 'evaluators') return r.evaluators.length;
    return r.means[key] ?? null;
  };
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    // Unscored last whichever way the column sorts.
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
    return (descending ? y - x : x - y) || a.tryout_number - b.tryout_number;
  });
}

const shown = (n: number | null) => (n === null ? '—' : n.toFixed(2));

function resultText(r: RankingRow): string {
  return r.result === 'selected' ? 'Selected' : r.result === 'not_selected' ? 'Not Selected' : 'Pending';
}

/** Why "Set results" leaves an unticked player as they are. */
function leftReason(r: RankingRow): string {
  if (!r.attended && r.overall === null) return 'not checked in, not scored';
  return r.attended ? 'not scored' : 'not checked in';
}

export function Rankings({ season, notify }: { season: AdminSeason; notify: Notify }) {
  const [group, setGroup] = useState<AgeGroup>(season.age_groups[0]!);
  const [answer, setAnswer] = useState<RankingsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'overall',
    descending: true,
  });
  const [fewOnly, setFewOnly] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reload, setReload] = useState(0);
  // Placing on teams (issue 45): the season's teams are read once the admin asks for the column.
  const [placing, setPlacing] = useState(false);
  const teams = useSeasonTeams(season.id, placing);

  useEffect(() => {
    let current = true;
    getRankings(season.id, group).then(
      (next) => {
        if (!current) return;
        setAnswer(next);
        setFailed(false);
        setChosen(new Set(next.rows.filter((r) => r.result === 'selected').map((r) => r.id)));
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [season.id, group, reload]);

  const rows = useMemo(() => {
    const all = answer ? sortRows(answer.rows, sort.key, sort.descending) : [];
    return fewOnly ? all.filter((r) => r.few_evaluators) : all;
  }, [answer, sort, fewOnly]);

  function header(key: SortKey, label: string) {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button
          type="button"
          className="admin-sort"
          onClick={() => setSort({ key, descending: active ? !sort.descending : key !== 'number' })}
        >
          {label}
        </button>
      </th>
    );
  }

  /** What "Set results" does: ticked rows Selected; the others Not Selected if they were there and scored. */
  const plan = useMemo(() => {
    const rowsOf = answer?.rows ?? [];
    const assessed = (r: RankingRow) => r.attended && r.overall !== null;
    const selected = rowsOf.filter((r) => chosen.has(r.id));
    const notSelected = rowsOf.filter((r) => !chosen.has(r.id) && assessed(r));
    const leftAlone = rowsOf.filter((r) => !chosen.has(r.id) && !assessed(r));
    const changes = [
      ...selected.filter((r) => r.result !== 'selected').map((r) => [r, 'selected'] as const),
      ...notSelected.filter((r) => r.result !== 'not_selected').map((r) => [r, 'not_selected'] as const),
    ];
    return { selected, notSelected, leftAlone, changes };
  }, [answer, chosen]);

  async function setResults() {
    if (!answer || busy) return;
    setBusy(true);
    let changed = 0;
    try {
      for (const [row, result] of plan.changes) {
        await setSelection(row.id, result);
        changed += 1;
      }
      notify.success(
        `${group}: ${plan.selected.length} Selected, ${plan.notSelected.length} Not Selected (${changed} changed).`,
      );
    } catch (error) {
      notify.error(serverMessageOr(error, 'Some results could not be set. Please try again.'));
    } finally {
      setBusy(false);
      setConfirming(false);
      // What the table holds now, whatever went through.
      setReload((n) => n + 1);
    }
  }

  async function download() {
    try {
      const file = await downloadRankings(season.id, group);
      saveFile(file.blob, file.filename ?? `${group.replace(/\s+/g, '-').toLowerCase()}-rankings.csv`);
    } catch {
      notify.error('The rankings could not be downloaded. Please try again.');
    }
  }

  return (
    <div className="admin-rankings">
      <div className="admin-rankings-tools">
        <label className="admin-field">
          Age group
          <select value={group} onChange={(e) => setGroup(e.target.value as AgeGroup)}>
            {season.age_groups.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
        <label className="admin-choice">
          <input type="checkbox" checked={fewOnly} onChange={(e) => setFewOnly(e.target.checked)} /> Only
          players seen by fewer than two evaluators
        </label>
        <label className="admin-choice">
          <input type="checkbox" checked={placing} onChange={(e) => setPlacing(e.target.checked)} /> Place
          players on teams
        </label>
        <button type="button" className="button button-secondary" onClick={() => void download()}>
          Download CSV
        </button>
      </div>
      {failed ? <p role="alert">The rankings could not load. Please try again.</p> : null}
      {answer && !answer.criteria.length ? (
        <p className="form-note">Set the scoring criteria above before evaluators score.</p>
      ) : null}
      {answer ? (
        <div className="admin-table-scroll">
          <table className="admin-rankings-table">
            <caption className="visually-hidden">{group} players ranked by their scores</caption>
            <thead>
              <tr>
                <th scope="col">Select</th>
                {header('number', '#')}
                <th scope="col">Player</th>
                <th scope="col">Result</th>
                {placing ? <th scope="col">Team</th> : null}
                {header('overall', `Overall (1–${answer.scale_max})`)}
                {answer.criteria.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={sort.key === c.key ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  >
                    <button
                      type="button"
                      className="admin-sort"
                      onClick={() =>
                        setSort({ key: c.key, descending: sort.key === c.key ? !sort.descending : true })
                      }
                    >
                      {c.label}
                    </button>
                  </th>
                ))}
                {header('evaluators', 'Seen by')}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select #${r.tryout_number} ${r.first_name} ${r.last_name}`}
                      checked={chosen.has(r.id)}
                      onChange={(e) =>
                        setChosen((all) => {
                          const next = new Set(all);
                          if (e.target.checked) next.add(r.id);
                          else next.delete(r.id);
                          return next;
                        })
                      }
                    />
                  </td>
                  <td>{r.tryout_number}</td>
                  <td className="admin-rankings-player">
                    {r.first_name} {r.last_name}
                    {r.notes.length ? (
                      <details>
                        <summary>{r.notes.length === 1 ? '1 note' : `${r.notes.length} notes`}</summary>
                        <ul>
                          {r.notes.map((n, i) => (
                            <li key={i}>
                              <strong>{n.evaluator}</strong> ({n.criterion}): {n.note}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </td>
                  <td>{resultText(r)}</td>
                  {placing ? (
                    <td>
                      {teams.teams ? (
                        <PlaceOnTeam
                          tryoutId={r.id}
                          label={`#${r.tryout_number} ${r.first_name} ${r.last_name}`}
                          ageGroup={r.age_group}
                          teams={teams.teams}
                          notify={notify}
                          onPlaced={teams.replace}
                        />
                      ) : teams.failed ? (
                        'Teams could not load'
                      ) : (
                        'Loading…'
                      )}
                    </td>
                  ) : null}
                  <td>
                    {shown(r.average)}
                    {r.rank !== null ? (
                      <small className="admin-rank" title={`Normalised score ${r.overall}`}>
                        {' '}
                        Rank {r.rank}
                      </small>
                    ) : null}
                  </td>
                  {answer.criteria.map((c) => (
                    <td key={c.key}>{shown(r.means[c.key] ?? null)}</td>
                  ))}
                  <td title={r.evaluators.join(', ')}>
                    {r.evaluators.length}
                    {r.few_evaluators ? <span className="admin-flag"> Fewer than 2</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : failed ? null : (
        <p role="status">Loading rankings…</p>
      )}
      {answer?.rows.length && !confirming ? (
        <p className="admin-form-actions">
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            Set results…
          </button>
        </p>
      ) : null}
      {answer?.rows.length && confirming ? (
        <div className="admin-confirm" role="group" aria-label="Confirm the results">
          <p>
            {group}: {plan.selected.length} Selected, {plan.notSelected.length} Not Selected (
            {plan.changes.length} {plan.changes.length === 1 ? 'change' : 'changes'}).
          </p>
          {plan.leftAlone.length ? (
            <p>
              Left as they are (tick them to select them, or set them one by one in the tryout table):{' '}
              {plan.leftAlone
                .map((r) => `#${r.tryout_number} ${r.first_name} ${r.last_name} (${leftReason(r)})`)
                .join(', ')}
              .
            </p>
          ) : null}
          <p className="admin-form-actions">
            <button
              type="button"
              className="button"
              aria-disabled={busy || undefined}
              onClick={() => void setResults()}
            >
              {busy
                ? 'Setting results…'
                : `Set results: ${plan.selected.length} Selected, ${plan.notSelected.length} Not Selected`}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </p>
        </div>
      ) : null}
    </div>
  );
}
