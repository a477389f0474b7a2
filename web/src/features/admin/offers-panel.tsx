/**
 * Offers with a deadline (issue 45 §3) on the admin's season screen: the season's offer settings (on or off,
 * the time to respond, whether a freed place goes to the next alternate), saved as one PATCH whose refusal
 * shows the server's own words; then publishing: an optional hour in Edmonton time (now when empty), a
 * confirmation counting the offers and not-selected mails from the teams' placed players and the season's
 * registrations, and the published state.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { offerDeadlineText } from '@club/shared/offers';
import { isLocalDateTime } from '@club/shared/schemas';
import { sessionInstant } from '@club/shared/session-instants';
import type { TeamWithPlayers } from '@club/shared/teams';
import type { AdminSeason, AdminTryoutRow } from '@club/shared/types';
import { TextField } from '../../components/form-field';
import type { Notify } from '../../components/toast';
import { callApi, serverMessageOr } from '../../lib/api-client';
import { updateSeason } from './api';
import { offersPanelMessages as t } from './offers-panel-messages';
import { listTeams } from './teams-api';
import './offers-panel.css';

/** Whether the season's offers have gone out (the job ran, or their hour has come). */
function isPublished(season: AdminSeason, now: Date): boolean {
  const at = season.offers.publish_at;
  return Boolean(season.offers_published_at) || (at !== null && Date.parse(at) <= now.getTime());
}

/** What the publish job will send: offers to placed players, not-selected mails to everyone else. */
export function publishCounts(teams: TeamWithPlayers[], rows: AdminTryoutRow[]) {
  const live = new Set(rows.filter((r) => !r.withdrawn).map((r) => r.id));
  const placed = teams.flatMap((team) => team.placed_players.map((p) => p.tryout_id));
  const alternates = teams.flatMap((team) => team.alternate_players.map((p) => p.tryout_id));
  const onTeams = new Set([...placed, ...alternates]);
  return {
    offers: placed.filter((id) => live.has(id)).length,
    alternates: alternates.filter((id) => live.has(id)).length,
    notSelected: [...live].filter((id) => !onTeams.has(id)).length,
  };
}

function OfferSettingsForm({
  season,
  notify,
  onChanged,
}: {
  season: AdminSeason;
  notify: Notify;
  onChanged: (season: AdminSeason) => void;
}) {
  const id = useId();
  const [enabled, setEnabled] = useState(season.offers.enabled);
  const [hours, setHours] = useState(String(season.offers.respond_within_hours));
  const [auto, setAuto] = useState(season.offers.auto_offer_alternates);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Once an hour is set, the season's families are (or will be) told: offers stay on.
  const locked = season.offers.enabled && season.offers.publish_at !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = hours.trim();
    setBusy(true);
    setError(undefined);
    try {
      const saved = await updateSeason(season.id, {
        offers: {
          ...(locked ? {} : { enabled }),
          // Sent as typed (a non-number as NaN, i.e. null): the server's rule and its words decide.
          respond_within_hours: Number(typed),
          auto_offer_alternates: auto,
        },
      });
      onChanged(saved);
      notify.success(t.saved);
    } catch (err) {
      const message = serverMessageOr(err, t.saveFailed);
      setError(message);
      document.getElementById(`${id}-hours`)?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-settings-form admin-offers-settings" noValidate onSubmit={(e) => void submit(e)}>
      <p className="form-note">{t.intro}</p>
      {locked ? (
        <p className="form-note">{t.enabledLocked}</p>
      ) : (
        <label className="admin-check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
          {t.enabled}
        </label>
      )}
      <div className="admin-settings-grid">
        <TextField
          id={`${id}-hours`}
          label={t.respondWithin}
          value={hours}
          error={error}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          onValueChange={setHours}
        />
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} /> {t.autoOffer}
      </label>
      <p className="admin-form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.saving : t.save}
        </button>
      </p>
    </form>
  );
}

type Confirming =
  | { phase: 'idle' }
  | { phase: 'counting' }
  | { phase: 'asking'; at: string | null; offers: number; notSelected: number; alternates: number }
  | { phase: 'publishing' };

function PublishOffers({
  season,
  rows,
  notify,
  onChanged,
}: {
  season: AdminSeason;
  rows: AdminTryoutRow[];
  notify: Notify;
  onChanged: (season: AdminSeason) => void;
}) {
  const id = useId();
  const [local, setLocal] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<Confirming>({ phase: 'idle' });
  const [now, setNow] = useState(() => new Date());
  const publishAt = season.offers.publish_at;
  const confirmRef = useRef<HTMLDivElement>(null);

  // The question takes the focus, so a keyboard or screen reader user hears the counts first.
  useEffect(() => {
    if (state.phase === 'asking') confirmRef.current?.focus();
  }, [state.phase]);

  // A scheduled hour turns into "published" on screen when it comes.
  useEffect(() => {
    if (!publishAt || season.offers_published_at) return;
    const wait = Date.parse(publishAt) - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(new Date()), Math.min(wait + 1000, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [publishAt, season.offers_published_at]);

  if (season.offers_published_at || (publishAt && isPublished(season, now))) {
    return (
      <p className="admin-offers-state" role="status">
        {t.published(offerDeadlineText(season.offers_published_at ?? publishAt!))}
      </p>
    );
  }
  if (publishAt) {
    return (
      <p className="admin-offers-state" role="status">
        {t.scheduled(offerDeadlineText(publishAt))}
      </p>
    );
  }
  if (!season.offers.enabled) return <p className="form-note">{t.turnOnFirst}</p>;

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (state.phase !== 'idle') return;
    const typed = local.trim();
    if (typed && !isLocalDateTime(typed)) {
      setError(t.publishAtInvalid);
      document.getElementById(`${id}-at`)?.focus();
      return;
    }
    setError(undefined);
    setState({ phase: 'counting' });
    let teams: TeamWithPlayers[];
    try {
      teams = await listTeams(season.id);
    } catch {
      setState({ phase: 'idle' });
      notify.error(t.countFailed);
      return;
    }
    setState({
      phase: 'asking',
      at: typed ? sessionInstant(typed).toISOString() : null,
      ...publishCounts(teams, rows),
    });
  }

  async function publish(at: string | null) {
    setState({ phase: 'publishing' });
    try {
      const answer = await callApi('publishOffers', {
        params: { id: season.id },
        body: at ? { at } : {},
      });
      const published = Date.parse(answer.publish_at) <= Date.now();
      notify.success(published ? t.publishedToast : t.scheduledToast(offerDeadlineText(answer.publish_at)));
      setState({ phase: 'idle' });
      setNow(new Date());
      onChanged({ ...season, offers: { ...season.offers, publish_at: answer.publish_at } });
    } catch (err) {
      setState({ phase: 'idle' });
      setError(serverMessageOr(err, t.publishFailed));
    }
  }

  return (
    <form className="admin-offers-publish" noValidate onSubmit={(e) => void ask(e)}>
      <TextField
        id={`${id}-at`}
        label={t.publishAt}
        type="datetime-local"
        value={local}
        error={error}
        aria-describedby={`${id}-hint`}
        onValueChange={setLocal}
      />
      <p id={`${id}-hint`} className="form-note">
        {t.publishAtHint}
      </p>
      {state.phase === 'asking' ? (
        <div
          ref={confirmRef}
          tabIndex={-1}
          className="admin-offers-confirm"
          role="alertdialog"
          aria-label={t.publishTitle}
        >
          <p>
            {t.confirm(
              state.offers,
              state.notSelected,
              state.alternates,
              state.at ? offerDeadlineText(state.at) : null,
            )}
          </p>
          <p className="admin-form-actions">
            <button type="button" className="button" onClick={() => void publish(state.at)}>
              {t.confirmPublish}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setState({ phase: 'idle' })}
            >
              {t.cancel}
            </button>
          </p>
        </div>
      ) : (
        <p className="admin-form-actions">
          <button type="submit" className="button" aria-disabled={state.phase !== 'idle' || undefined}>
            {state.phase === 'counting'
              ? t.counting
              : state.phase === 'publishing'
                ? t.publishing
                : t.publish}
          </button>
        </p>
      )}
    </form>
  );
}

export function OffersPanel({
  season,
  rows,
  notify,
  onChanged,
}: {
  season: AdminSeason;
  /** The season's registrations, for the not-selected count. */
  rows: AdminTryoutRow[];
  notify: Notify;
  /** Keeps the season as the server now has it. */
  onChanged: (season: AdminSeason) => void;
}) {
  const published = isPublished(season, new Date());
  return (
    <details className="admin-disclosure admin-offers">
      <summary>
        <span>
          {t.title}{' '}
          <span className="admin-summary-note">
            ({t.summary(season.offers.enabled, published, season.offers.publish_at !== null)})
          </span>
        </span>
      </summary>
      <OfferSettingsForm key={season.id} season={season} notify={notify} onChanged={onChanged} />
      <section className="admin-offers-publish-section" aria-label={t.publishTitle}>
        <h2 className="admin-settings-heading">{t.publishTitle}</h2>
        <PublishOffers key={season.id} season={season} rows={rows} notify={notify} onChanged={onChanged} />
      </section>
    </details>
  );
}
