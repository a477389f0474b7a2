/**
 * /admin (spec §2 "Admin dashboard"): the Tryouts tab (seasons, registration, team links, filters and
 * search, the table, CSV, result mail) and the Player Details tab, with the admin toasts of spec §8.
 * Both tabs stay mounted, so going back from a player's details finds the search and scroll as they were.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ADMIN_TOAST_MS } from '@club/shared/constants';
import type { AgeGroup } from '@club/shared/constants';
import { ToastRegion, useToasts } from '../../components/toast';
import { useMediaQuery } from '../../lib/use-media-query';
import { CsvDownload } from './csv-download';
import { filterTryouts, hasFilters, moneySummary, NO_FILTERS, type TryoutFilters } from './filter-tryouts';
import { adminMessages as t } from './messages';
import { PlayerDetails } from './player-details';
import { NewSeasonForm, RegistrationToggle, SeasonSelector } from './season-bar';
import { SeasonSettings } from './season-settings';
import { SendResultsButton, SendResultsPanel } from './send-results';
import { TeamLinks } from './team-links';
import { TryoutFiltersBar } from './tryout-filters';
import { CheckInList } from './check-in-list';
import { TryoutTable } from './tryout-table';
import { useRegistration } from './use-registration';
import { useSeasons } from './use-seasons';
import { useSendResults } from './use-send-results';
import { useTryoutRows } from './use-tryout-rows';
import './admin.css';
import { formatCad } from '@club/shared/tryouts';

/**
 * Rows listed at once, more on request: 50 in the table, 20 where the rows become cards (a phone, where a
 * card is a third of the screen and drawing one costs a slow phone a few milliseconds). The search and
 * filters always run over the whole season; listing a thousand rows at once would make every keystroke
 * re-lay out all of them (see README, decisions).
 */
const ROWS_PER_PAGE = 50;
const CARDS_PER_PAGE = 20;
/** Where admin.css turns the table's rows into cards. */
const CARDS_QUERY = '(max-width: 47.99rem)';

const TABS = [
  { key: 'tryouts', label: t.tabs.tryouts },
  { key: 'details', label: t.tabs.details },
] as const;
type Tab = (typeof TABS)[number]['key'];

function Tabs({ tab, onSelect }: { tab: Tab; onSelect: (tab: Tab, focus: boolean) => void }) {
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((x) => x.key === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(TABS[next]!.key, true);
  }
  return (
    <div role="tablist" aria-label="Admin sections" className="tabs admin-tabs" onKeyDown={onKeyDown}>
      {TABS.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          role="tab"
          id={`tab-${key}`}
          aria-selected={tab === key}
          aria-controls={`panel-${key}`}
          tabIndex={tab === key ? 0 : -1}
          onClick={() => onSelect(key, false)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** What could not be loaded (the toast has gone after 5 s; this stays), and a way to try again. */
function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-empty">
      <p>{message}.</p>
      <button type="button" className="button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

export function AdminDashboard() {
  const { toasts, notify, dismiss } = useToasts();
  const seasons = useSeasons(notify);
  const season = seasons.selected;
  const seasonId = season?.id ?? null;
  const registration = useRegistration(season, notify, seasons.update);
  const toggleRegistration = registration.toggle;
  const tryouts = useTryoutRows(seasonId, notify);
  const hasQueued = useMemo(() => tryouts.rows.some((r) => r.email_status === 'queued'), [tryouts.rows]);
  const sending = useSendResults(seasonId, hasQueued, tryouts.refresh, notify);
  const [asking, setAsking] = useState(false);
  const [filters, setFilters] = useState<TryoutFilters>(NO_FILTERS);
  // The phone check-in view or the full table (issue 18).
  const [view, setView] = useState<'table' | 'checkin'>('table');
  const [tab, setTab] = useState<Tab>('tryouts');
  const [playerId, setPlayerId] = useState<string | null>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const focusDetails = useRef(false);

  const perPage = useMediaQuery(CARDS_QUERY) ? CARDS_PER_PAGE : ROWS_PER_PAGE;
  const [listed, setListed] = useState(perPage);
  const matching = useMemo(() => filterTryouts(tryouts.rows, filters), [tryouts.rows, filters]);
  const shown = useMemo(() => matching.slice(0, listed), [matching, listed]);
  const counts = useMemo(
    () => ({
      attended: tryouts.rows.filter((r) => r.attended).length,
      selected: tryouts.rows.filter((r) => r.result === 'selected').length,
      money: moneySummary(tryouts.rows),
    }),
    [tryouts.rows],
  );
  const player = tryouts.rows.find((r) => r.id === playerId) ?? null;

  const selectTab = useCallback((next: Tab, focus: boolean) => {
    setTab(next);
    if (focus) document.getElementById(`tab-${next}`)?.focus();
  }, []);

  const openPlayer = useCallback((id: string) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusDetails.current = true;
    setPlayerId(id);
    setTab('details');
  }, []);

  useEffect(() => {
    if (tab === 'details' && focusDetails.current) {
      focusDetails.current = false;
      detailsHeading.current?.focus();
    }
  }, [tab, playerId]);

  function backToTryouts() {
    setTab('tryouts');
    const target = returnFocus.current;
    requestAnimationFrame(() =>
      (target?.isConnected ? target : document.getElementById('tab-tryouts'))?.focus(),
    );
  }

  const updateSeason = seasons.update;
  const saveTeamLink = useCallback(
    (group: AgeGroup, url: string) => {
      if (!seasonId) return;
      updateSeason(seasonId, (s) => {
        const links = { ...s.teamsnap_links };
        if (url) links[group] = url;
        else delete links[group];
        return { ...s, teamsnap_links: links };
      });
    },
    [seasonId, updateSeason],
  );

  /** New filters list their first page of matches again. */
  const changeFilters = useCallback(
    (next: TryoutFilters) => {
      setFilters(next);
      setListed(perPage);
    },
    [perPage],
  );

  function closeConfirmation() {
    setAsking(false);
    sendButton.current?.focus();
  }

  function renderTryouts() {
    if (seasons.state.status === 'loading') {
      return (
        <p role="status" className="admin-empty">
          {t.loadingSeasons}
        </p>
      );
    }
    if (seasons.state.status === 'failed') {
      return <LoadFailed message={t.fetchSeasonsFailed} onRetry={seasons.retry} />;
    }
    if (!season) {
      return (
        <>
          <p className="admin-empty">{t.noSeasons}</p>
          <NewSeasonForm onCreate={seasons.create} startOpen />
        </>
      );
    }
    const sendBusy = sending.state.phase !== 'idle';
    return (
      <>
        <div className="admin-season-bar">
          <SeasonSelector seasons={seasons.seasons} selectedId={season.id} onSelect={seasons.select} />
          <RegistrationToggle season={season} busy={registration.busy} onToggle={toggleRegistration} />
        </div>
        <div className="admin-disclosures">
          <SeasonSettings
            key={season.id}
            season={season}
            hasRegistrations={tryouts.rows.length > 0}
            onSave={seasons.saveSettings}
          />
          <TeamLinks season={season} notify={notify} onSaved={saveTeamLink} />
          <NewSeasonForm onCreate={seasons.create} />
        </div>
        <div className="admin-toolbar">
          <TryoutFiltersBar filters={filters} ageGroups={season.age_groups} onChange={changeFilters} />
          <div className="admin-actions">
            <CsvDownload season={season} notify={notify} />
            <SendResultsButton busy={sendBusy} onAsk={() => setAsking(true)} buttonRef={sendButton} />
          </div>
        </div>
        <SendResultsPanel
          rows={tryouts.rows}
          seasonId={season.id}
          teamLinks={season.teamsnap_links}
          asking={asking}
          state={sending.state}
          failedEmails={sending.failedEmails}
          onConfirm={() => {
            closeConfirmation();
            void sending.start();
          }}
          onCancel={closeConfirmation}
          onDismissFailures={sending.dismissFailures}
        />
        {renderRows()}
      </>
    );
  }

  function renderRows() {
    if (tryouts.status === 'loading') {
      return (
        <p role="status" className="admin-empty">
          {t.loadingTryouts}
        </p>
      );
    }
    if (tryouts.status === 'failed') {
      return <LoadFailed message={t.fetchTryoutsFailed} onRetry={tryouts.retry} />;
    }
    if (!tryouts.rows.length) return <p className="admin-empty">{t.noRegistrations}</p>;
    return (
      <>
        <div className="admin-count">
          <p role="status">
            {t.showing(matching.length, tryouts.rows.length)} · {t.counts(counts.attended, counts.selected)}
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
          <CheckInList rows={shown} saving={tryouts.saving} saved={tryouts.saved} actions={tryouts.actions} />
        ) : shown.length ? (
          <TryoutTable
            caption={t.tableCaption(season?.name ?? '')}
            rows={shown}
            saving={tryouts.saving}
            saved={tryouts.saved}
            resending={tryouts.resending}
            actions={tryouts.actions}
            onOpen={openPlayer}
          />
        ) : (
          <p className="admin-empty">{t.noMatches}</p>
        )}
        {shown.length < matching.length ? (
          <div className="admin-more">
            <p>{t.listed(shown.length, matching.length)}</p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setListed((n) => n + perPage)}
            >
              {t.showMore(Math.min(perPage, matching.length - shown.length))}
            </button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="dashboard-page admin-page">
      <h1>{t.title}</h1>
      <Tabs tab={tab} onSelect={selectTab} />
      <div role="tabpanel" id="panel-tryouts" aria-labelledby="tab-tryouts" hidden={tab !== 'tryouts'}>
        {renderTryouts()}
      </div>
      <div role="tabpanel" id="panel-details" aria-labelledby="tab-details" hidden={tab !== 'details'}>
        <PlayerDetails
          row={player}
          seasonName={season?.name ?? ''}
          onBack={backToTryouts}
          headingRef={detailsHeading}
          notify={notify}
          onRefunded={tryouts.replaceRow}
        />
      </div>
      <ToastRegion toasts={toasts} lifetimeMs={ADMIN_TOAST_MS} onDismiss={dismiss} />
    </section>
  );
}
