/**
 * /admin (spec §2 "Admin dashboard"): the Tryouts tab (seasons, registration, team links, filters and
 * search, the table, CSV, result mail) and the Player Details tab, with the admin toasts of spec §8.
 * Both tabs stay mounted, so going back from a player's details finds the search and scroll as they were.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ADMIN_TOAST_MS } from '@club/shared/constants';
import type { AgeGroup } from '@club/shared/constants';
import type { AdminSeason } from '@club/shared/types';
import { ToastRegion, useToasts } from '../../components/toast';
import { CsvDownload } from './csv-download';
import { adminMessages as t } from './messages';
import { PlayerDetails } from './player-details';
import { OffersBoard } from './offers-board';
import { OffersPanel } from './offers-panel';
import { NewSeasonForm, RegistrationToggle, SeasonSelector } from './season-bar';
import { SeasonSettings } from './season-settings';
import { CapacityPanel } from './capacity-panel';
import { SendResultsButton, SendResultsPanel } from './send-results';
import { TeamLinks } from './team-links';
import { TeamsPanel } from './teams-panel';
import { MoneyPanel } from './money-panel';
import { EtransferPanel } from './etransfer-panel';
import { TryoutNightPanel } from './tryout-night-panel';
import { LoadFailed, TryoutList } from './tryout-list';
import { useRegistration } from './use-registration';
import { useSeasons } from './use-seasons';
import { useSendResults } from './use-send-results';
import { useTryoutRows } from './use-tryout-rows';
import './admin.css';

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
  const [tab, setTab] = useState<Tab>('tryouts');
  const [playerId, setPlayerId] = useState<string | null>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const focusDetails = useRef(false);

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

  const keepSeason = useCallback(
    (changed: AdminSeason) => updateSeason(changed.id, () => changed),
    [updateSeason],
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
          <CapacityPanel key={`capacity-${season.id}`} season={season} onSave={seasons.saveSettings} />
          <OffersPanel
            key={`offers-${season.id}`}
            season={season}
            rows={tryouts.rows}
            notify={notify}
            onChanged={keepSeason}
          />
          <TeamLinks season={season} notify={notify} onSaved={saveTeamLink} />
          <TryoutNightPanel season={season} notify={notify} />
          <OffersBoard season={season} notify={notify} />
          <TeamsPanel season={season} rows={tryouts.rows} notify={notify} />
          <MoneyPanel key={`money-${season.id}`} season={season} notify={notify} />
          {season.etransfer?.enabled ? <EtransferPanel notify={notify} onChanged={tryouts.refresh} /> : null}
          <NewSeasonForm onCreate={seasons.create} />
        </div>
        <TryoutList
          season={season}
          status={tryouts.status}
          rows={tryouts.rows}
          saving={tryouts.saving}
          saved={tryouts.saved}
          resending={tryouts.resending}
          actions={tryouts.actions}
          onRetry={tryouts.retry}
          onOpen={openPlayer}
          tools={
            <>
              <CsvDownload season={season} notify={notify} />
              <SendResultsButton busy={sendBusy} onAsk={() => setAsking(true)} buttonRef={sendButton} />
            </>
          }
          notice={
            <SendResultsPanel
              rows={tryouts.rows}
              seasonId={season.id}
              teamLinks={season.teamsnap_links}
              sessions={season.sessions}
              asking={asking}
              state={sending.state}
              failedEmails={sending.failedEmails}
              onConfirm={(options) => {
                closeConfirmation();
                void sending.start(options);
              }}
              onCancel={closeConfirmation}
              onDismissFailures={sending.dismissFailures}
            />
          }
        />
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
