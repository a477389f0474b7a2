/**
 * From scores to results (issue 37): one group's players ranked from the evaluators' scores. The admin sorts
 * by any column, narrows to players seen by fewer than two evaluators, downloads the table as a spreadsheet,
 * ticks the players to select and sets the results in one go: "Selected" for the ticked rows, "Not Selected"
 * for the rest. Each stays editable one by one in the tryout table.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import type { RankingRow, RankingsAnswer } from '@club/shared/tryout-night';
import type { AdminSeason } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
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
  }, [season.id, group]);

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

  async function setResults() {
    if (!answer || busy) return;
    setBusy(true);
    let changed = 0;
    try {
      for (const row of answer.rows) {
        const result = chosen.has(row.id) ? 'selected' : 'not_selected';
        if (row.result === result) continue;
        await setSelection(row.id, result);
        changed += 1;
      }
      setAnswer({
        ...answer,
        rows: answer.rows.map((r) => ({ ...r, result: chosen.has(r.id) ? 'selected' : 'not_selected' })),
      });
      notify.success(
        `${group}: ${chosen.size} Selected, ${answer.rows.length - chosen.size} Not Selected (${changed} changed).`,
      );
    } catch (error) {
      notify.error(serverMessageOr(error, 'Some results could not be set. Please try again.'));
    } finally {
      setBusy(false);
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
                {header('overall', 'Overall')}
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
                <th scope="col">Result</th>
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
                  <td>
                    {r.first_name} {r.last_name}
                  </td>
                  <td>{shown(r.overall)}</td>
                  {answer.criteria.map((c) => (
                    <td key={c.key}>{shown(r.means[c.key] ?? null)}</td>
                  ))}
                  <td title={r.evaluators.join(', ')}>
                    {r.evaluators.length}
                    {r.few_evaluators ? <span className="admin-flag"> Fewer than 2</span> : null}
                  </td>
                  <td>
                    {r.result === 'selected'
                      ? 'Selected'
                      : r.result === 'not_selected'
                        ? 'Not Selected'
                        : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : failed ? null : (
        <p role="status">Loading rankings…</p>
      )}
      {answer?.rows.length ? (
        <p className="admin-form-actions">
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => void setResults()}
          >
            {busy
              ? 'Setting results…'
              : `Set results: ${chosen.size} Selected, ${answer.rows.length - chosen.size} Not Selected`}
          </button>
        </p>
      ) : null}
    </div>
  );
}
