/**
 * The Tryouts tab's list (spec §2): the search and filters, the season's counts and money, the table or the
 * phone check-in view, and "Show more". The filters live here, so a key press in the search re-renders this
 * list alone, not the season bar, settings and forms above it (issue 20: a key press answered within
 * 100 ms on a slow phone).
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { formatCad } from '@club/shared/tryouts';
import type { AdminSeason, AdminTryoutRow } from '@club/shared/types';
import { useMediaQuery } from '../../lib/use-media-query';
import { CheckInList } from './check-in-list';
import { filterTryouts, hasFilters, moneySummary, NO_FILTERS, type TryoutFilters } from './filter-tryouts';
import { adminMessages as t } from './messages';
import { TryoutFiltersBar } from './tryout-filters';
import { TryoutTable } from './tryout-table';
import type { RowActions, RowsStatus } from './use-tryout-rows';

/**
 * Rows listed at once, more on request: 40 in the table, 6 where the rows become cards (a phone, where a
 * card is a third of the screen). A key press redraws the page it lists, so these are what a slow phone
 * (390 px, CPU slowed 4x) and a desktop redraw within issue 20's goals (`npm run bench -- admin`; decision
 * 51). The search and filters always run over the whole season.
 */
const ROWS_PER_PAGE = 40;
const CARDS_PER_PAGE = 6;
/** The check-in view's rows are a line each (number, name, toggle): a page is several screens of them. */
const CHECK_IN_PER_PAGE = 30;
/** Where admin.css turns the table's rows into cards. */
const CARDS_QUERY = '(max-width: 47.99rem)';

export interface TryoutListProps {
  season: AdminSeason;
  status: RowsStatus;
  rows: AdminTryoutRow[];
  saving: Record<string, Partial<AdminTryoutRow>>;
  saved: ReadonlyMap<string, number>;
  resending: ReadonlySet<string>;
  actions: RowActions;
  onRetry: () => void;
  onOpen: (id: string) => void;
  /** The buttons beside the filters (CSV, Send Result Emails). */
  tools: ReactNode;
  /** What stands between the filters and the rows (the result mail's confirmation and progress). */
  notice: ReactNode;
}

/** What could not be loaded (the toast has gone after 5 s; this stays), and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-empty">
      <p>{message}.</p>
      <button type="button" className="button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

export function TryoutList({
  season,
  status,
  rows,
  saving,
  saved,
  resending,
  actions,
  onRetry,
  onOpen,
  tools,
  notice,
}: TryoutListProps) {
  const [filters, setFilters] = useState<TryoutFilters>(NO_FILTERS);
  // The phone check-in view or the full table (issue 18).
  const [view, setView] = useState<'table' | 'checkin'>('table');
  const cards = useMediaQuery(CARDS_QUERY);
  const perPage = view === 'checkin' ? CHECK_IN_PER_PAGE : cards ? CARDS_PER_PAGE : ROWS_PER_PAGE;
  // Pages, not rows, so switching between the table and the check-in view keeps its place in the list.
  const [pages, setPages] = useState(1);
  const matching = useMemo(() => filterTryouts(rows, filters), [rows, filters]);
  const shown = useMemo(() => matching.slice(0, pages * perPage), [matching, pages, perPage]);
  const counts = useMemo(
    () => ({
      attended: rows.filter((r) => r.attended).length,
      selected: rows.filter((r) => r.result === 'selected').length,
      money: moneySummary(rows),
    }),
    [rows],
  );

  /** New filters list their first page of matches again. */
  const changeFilters = useCallback((next: TryoutFilters) => {
    setFilters(next);
    setPages(1);
  }, []);

  function renderRows() {
    if (status === 'loading') {
      return (
        <p role="status" className="admin-empty">
          {t.loadingTryouts}
        </p>
      );
    }
    if (status === 'failed') return <LoadFailed message={t.fetchTryoutsFailed} onRetry={onRetry} />;
    if (!rows.length) return <p className="admin-empty">{t.noRegistrations}</p>;
    return (
      <>
        <div className="admin-count">
          <p role="status">
            {t.showing(matching.length, rows.length)} · {t.counts(counts.attended, counts.selected)}
          </p>
          <p className="admin-money">
            {t.money(
              formatCad(counts.money.cardPaidCents),
              formatCad(counts.money.cashDueCents),
              counts.money.cashDue,
              counts.money.pending,
            )}
          </p>
          {hasFilters(filters) ? (
            <button type="button" className="admin-link-button" onClick={() => changeFilters(NO_FILTERS)}>
              {t.clearFilters}
            </button>
          ) : null}
        </div>
        <div className="admin-view" role="group" aria-label={t.viewLabel}>
          {(
            [
              ['table', t.viewTable],
              ['checkin', t.viewCheckIn],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              className="admin-view-button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
            >
              {label}
            </button>
          ))}
        </div>
        {shown.length && view === 'checkin' ? (
          <CheckInList rows={shown} saving={saving} saved={saved} actions={actions} />
        ) : shown.length ? (
          <TryoutTable
            caption={t.tableCaption(season.name)}
            rows={shown}
            saving={saving}
            saved={saved}
            resending={resending}
            actions={actions}
            onOpen={onOpen}
          />
        ) : (
          <p className="admin-empty">{t.noMatches}</p>
        )}
        {shown.length < matching.length ? (
          <div className="admin-more">
            <p>{t.listed(shown.length, matching.length)}</p>
            <button type="button" className="button button-secondary" onClick={() => setPages((n) => n + 1)}>
              {t.showMore(Math.min(perPage, matching.length - shown.length))}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <div className="admin-toolbar">
        <TryoutFiltersBar filters={filters} ageGroups={season.age_groups} onChange={changeFilters} />
        <div className="admin-actions">{tools}</div>
      </div>
      {notice}
      {renderRows()}
    </>
  );
}
