/**
 * Teams (issue 45 §2, §5), as the admin runs them for a season: make, change and delete teams; place players
 * (from the season's registrations of the team's age group) and order each team's alternates with up and
 * down; open the roster to read or print, or download it. Every list change sends the team's whole list, so
 * what the server answers is what the screen shows.
 */
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import {
  DEFAULT_INSTALMENT_RETRIES,
  MAX_INSTALMENT_RETRIES,
  MAX_INSTALMENTS,
} from '@club/shared/instalments';
import { formatCad } from '@club/shared/money';
import { TeamCreateSchema } from '@club/shared/team-schemas';
import type { TeamPlayer, TeamWithPlayers } from '@club/shared/teams';
import type { AdminSeason, AdminTryoutRow } from '@club/shared/types';
import { FieldError, controlProps, errorId } from '../../components/form-field';
import type { Notify } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import {
  addAlternate,
  createTeam,
  deleteTeam,
  downloadRoster,
  listTeams,
  placeOnTeam,
  setAlternates,
  setPlacements,
  updateTeam,
} from './teams-api';
import './teams.css';

/** A season's teams, loaded once (once `enabled`) and replaced by each answer. */
export function useSeasonTeams(seasonId: string, enabled = true) {
  const [teams, setTeams] = useState<TeamWithPlayers[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    listTeams(seasonId).then(
      (list) => {
        if (!current) return;
        setTeams(list);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [seasonId, reload, enabled]);
  const replace = useCallback(
    (team: TeamWithPlayers) => setTeams((all) => all?.map((t) => (t.id === team.id ? team : t)) ?? null),
    [],
  );
  return { teams, failed, setTeams, replace, retry: () => setReload((n) => n + 1) };
}

const playerName = (p: Pick<TeamPlayer, 'tryout_number' | 'first_name' | 'last_name'>) =>
  `#${p.tryout_number} ${p.first_name} ${p.last_name}`;

interface TeamFormValues {
  name: string;
  age_group: string;
  capacity: string;
  fee: string;
  coach_name: string;
  team_link: string;
  cash_accepted: boolean;
  /** How many parts the fee is paid in, 1 (in full) to 4, and the due dates of parts 2..N. */
  instalments: number;
  due_dates: string[];
  retries: number;
  /** The team had a plan when the form opened: saving without one must say so (clear its dates). */
  had_plan: boolean;
}

const blankTeam = (season: AdminSeason): TeamFormValues => ({
  name: '',
  age_group: season.age_groups[0] ?? '',
  capacity: '12',
  fee: '0',
  coach_name: '',
  team_link: '',
  cash_accepted: true,
  instalments: 1,
  due_dates: [],
  retries: DEFAULT_INSTALMENT_RETRIES,
  had_plan: false,
});

const valuesOf = (team: TeamWithPlayers): TeamFormValues => ({
  name: team.name,
  age_group: team.age_group,
  capacity: String(team.capacity),
  fee: (team.fee_cents / 100).toFixed(2),
  coach_name: team.coach_name ?? '',
  team_link: team.team_link ?? '',
  cash_accepted: team.cash_accepted,
  instalments: (team.instalment_due_dates?.length ?? 0) + 1,
  due_dates: team.instalment_due_dates ?? [],
  retries: team.instalment_retries ?? DEFAULT_INSTALMENT_RETRIES,
  had_plan: (team.instalment_due_dates?.length ?? 0) > 0,
});

/** The plan's fields as the server takes them: sent when there is a plan, or to clear the one there was. */
function planOf(values: TeamFormValues) {
  if (values.instalments <= 1) return values.had_plan ? { instalment_due_dates: [] } : {};
  return {
    instalment_due_dates: values.due_dates.slice(0, values.instalments - 1),
    instalment_retries: values.retries,
  };
}

/** The form of a new team or of a team's settings, checked with the shared schema before it is sent. */
function TeamForm({
  season,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  season: AdminSeason;
  initial: TeamFormValues;
  submitLabel: string;
  onSubmit: (input: v.InferOutput<typeof TeamCreateSchema>) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (patch: Partial<TeamFormValues>) => setValues((all) => ({ ...all, ...patch }));
  const setDueDate = (index: number, date: string) =>
    setValues((all) => {
      const due_dates = [...all.due_dates];
      due_dates[index] = date;
      return { ...all, due_dates };
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const fee = Math.round(Number(values.fee.replace(/[$,\s]/g, '')) * 100);
    const parsed = v.safeParse(TeamCreateSchema, {
      name: values.name,
      age_group: values.age_group,
      capacity: Number(values.capacity),
      fee_cents: Number.isFinite(fee) ? fee : -1,
      coach_name: values.coach_name,
      team_link: values.team_link,
      cash_accepted: values.cash_accepted,
      ...planOf(values),
    });
    if (!parsed.success) {
      const flat = v.flatten(parsed.issues);
      const nested = flat.nested ?? {};
      const dates = Object.entries(nested).find(([key]) => key.startsWith('instalment_due_dates'));
      setErrors({
        name: nested.name?.[0],
        capacity: nested.capacity?.[0],
        fee: nested.fee_cents?.[0],
        coach_name: nested.coach_name?.[0],
        team_link: nested.team_link?.[0],
        due_dates: dates?.[1]?.[0] ?? flat.root?.[0],
        retries: nested.instalment_retries?.[0],
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if ((await onSubmit(parsed.output)) && !onCancel) setValues(blankTeam(season));
    } finally {
      setBusy(false);
    }
  }

  const field = (
    key: 'name' | 'capacity' | 'fee' | 'coach_name' | 'team_link',
    label: string,
    extra = {},
  ) => (
    <div className="admin-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        {...controlProps(`${id}-${key}`, errors[key])}
        value={values[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        {...extra}
      />
      <FieldError id={`${id}-${key}`} error={errors[key]} />
    </div>
  );

  return (
    <form className="admin-team-form" noValidate onSubmit={(e) => void submit(e)}>
      {field('name', 'Team name', { autoComplete: 'off' })}
      <div className="admin-field">
        <label htmlFor={`${id}-group`}>Age group</label>
        <select
          id={`${id}-group`}
          value={values.age_group}
          onChange={(e) => set({ age_group: e.target.value })}
        >
          {season.age_groups.map((g) => (
            <option key={g}>{g}</option>
          ))}
        </select>
      </div>
      {field('capacity', 'Players it holds', { inputMode: 'numeric' })}
      {field('fee', 'Team fee ($)', { inputMode: 'decimal' })}
      {field('coach_name', 'Coach (optional)', { autoComplete: 'off' })}
      {field('team_link', 'Team link (optional, replaces the age group’s)', { type: 'url' })}
      <label className="admin-choice">
        <input
          type="checkbox"
          checked={values.cash_accepted}
          onChange={(e) => set({ cash_accepted: e.target.checked })}
        />{' '}
        Families may pay the fee in cash
      </label>
      <fieldset className="admin-team-plan" aria-describedby={`${id}-plan-note`}>
        <legend>Payment plan</legend>
        <div className="admin-field">
          <label htmlFor={`${id}-instalments`}>Pay in instalments</label>
          <select
            id={`${id}-instalments`}
            value={values.instalments}
            onChange={(e) => set({ instalments: Number(e.target.value) })}
          >
            {Array.from({ length: MAX_INSTALMENTS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 (paid in full)' : n}
              </option>
            ))}
          </select>
        </div>
        {values.instalments > 1 ? (
          <div className="admin-field">
            <label htmlFor={`${id}-retries`}>Retries after a decline</label>
            <select
              {...controlProps(`${id}-retries`, errors.retries)}
              value={values.retries}
              onChange={(e) => set({ retries: Number(e.target.value) })}
            >
              {Array.from({ length: MAX_INSTALMENT_RETRIES + 1 }, (_, i) => i).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-retries`} error={errors.retries} />
          </div>
        ) : null}
        <p id={`${id}-plan-note`} className="form-note admin-team-plan-note">
          {values.instalments > 1
            ? 'The first instalment is paid by card when the family accepts; the card is saved and charged for the others on their dates (Edmonton time), one try a day after a decline, none after an expired card or a bank asking the family to confirm (the family pays by its link).'
            : 'The family pays the whole fee at once.'}
        </p>
        {Array.from({ length: values.instalments - 1 }, (_, i) => (
          <div className="admin-field" key={i}>
            <label htmlFor={`${id}-due-${i + 2}`}>Instalment {i + 2} due</label>
            <input
              type="date"
              id={`${id}-due-${i + 2}`}
              aria-invalid={Boolean(errors.due_dates)}
              aria-describedby={errors.due_dates ? errorId(`${id}-dates`) : undefined}
              value={values.due_dates[i] ?? ''}
              onChange={(e) => setDueDate(i, e.target.value)}
            />
          </div>
        ))}
        {values.instalments > 1 ? <FieldError id={`${id}-dates`} error={errors.due_dates} /> : null}
      </fieldset>
      <p className="admin-form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </p>
    </form>
  );
}

/** One player line of a team's list, with its buttons. */
function PlayerLine({ player, children }: { player: TeamPlayer; children: ReactNode }) {
  return (
    <li className="admin-team-player">
      <span>
        {player.rank ? <span className="admin-team-rank">{player.rank}.</span> : null} {playerName(player)}
      </span>
      <span className="admin-team-player-actions">{children}</span>
    </li>
  );
}

function TeamCard({
  season,
  team,
  rows,
  notify,
  onChanged,
  onDeleted,
}: {
  season: AdminSeason;
  team: TeamWithPlayers;
  rows: AdminTryoutRow[];
  notify: Notify;
  onChanged: (team: TeamWithPlayers) => void;
  onDeleted: (teams: TeamWithPlayers[]) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const onTeam = new Set([...team.placed_players, ...team.alternate_players].map((p) => p.tryout_id));
  const candidates = rows.filter(
    (r) => r.age_group === team.age_group && !r.withdrawn && r.tryout_number > 0 && !onTeam.has(r.id),
  );

  async function change(work: () => Promise<TeamWithPlayers>, failed: string) {
    if (busy) return;
    setBusy(true);
    try {
      onChanged(await work());
    } catch (error) {
      notify.error(serverMessageOr(error, failed));
    } finally {
      setBusy(false);
    }
  }

  const placedIds = team.placed_players.map((p) => p.tryout_id);
  const alternateIds = team.alternate_players.map((p) => p.tryout_id);
  const moveAlternate = (index: number, by: -1 | 1) => {
    const next = [...alternateIds];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    void change(
      () => setAlternates(team.id, next),
      'The alternates could not be reordered. Please try again.',
    );
  };

  async function remove() {
    if (busy) return;
    setBusy(true);
    try {
      onDeleted(await deleteTeam(team.id));
      notify.success(`${team.name} deleted.`);
    } catch (error) {
      notify.error(serverMessageOr(error, 'The team could not be deleted. Please try again.'));
      setBusy(false);
    }
  }

  async function download() {
    try {
      const file = await downloadRoster(team.id);
      saveFile(file.blob, file.filename ?? 'team-roster.csv');
    } catch {
      notify.error('The roster could not be downloaded. Please try again.');
    }
  }

  return (
    <article className="admin-team" aria-labelledby={`${id}-name`} aria-busy={busy || undefined}>
      <header className="admin-team-head">
        <h2 id={`${id}-name`}>{team.name}</h2>
        <p className="admin-team-summary">
          {team.age_group} · {team.placed} of {team.capacity} placed · {team.alternates}{' '}
          {team.alternates === 1 ? 'alternate' : 'alternates'} · fee{' '}
          {team.fee_cents ? formatCad(team.fee_cents) : 'none'}
          {team.fee_cents && team.instalment_due_dates?.length
            ? ` in ${team.instalment_due_dates.length + 1} instalments`
            : ''}
          {team.coach_name ? ` · coach ${team.coach_name}` : ''}
          {team.accepted || team.offered ? ` · ${team.accepted} accepted, ${team.offered} offered` : ''}
        </p>
      </header>
      {editing ? (
        <TeamForm
          season={season}
          initial={valuesOf(team)}
          submitLabel="Save team"
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            try {
              const saved = await updateTeam(team.id, input);
              onChanged({ ...team, ...saved });
              setEditing(false);
              notify.success(`${saved.name} saved.`);
              return true;
            } catch (error) {
              notify.error(serverMessageOr(error, 'The team could not be saved. Please try again.'));
              return false;
            }
          }}
        />
      ) : null}
      <div className="admin-team-lists">
        <section aria-label={`${team.name}: placed players`}>
          <h3>Placed</h3>
          {team.placed_players.length ? (
            <ul className="admin-team-players">
              {team.placed_players.map((p) => (
                <PlayerLine key={p.tryout_id} player={p}>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() =>
                      void change(
                        () =>
                          setPlacements(
                            team.id,
                            placedIds.filter((x) => x !== p.tryout_id),
                          ),
                        'The player could not be taken off. Please try again.',
                      )
                    }
                  >
                    Remove<span className="visually-hidden"> {playerName(p)} from the team</span>
                  </button>
                </PlayerLine>
              ))}
            </ul>
          ) : (
            <p className="form-note">Nobody placed yet.</p>
          )}
        </section>
        <section aria-label={`${team.name}: alternates in order`}>
          <h3>Alternates, first offered first</h3>
          {team.alternate_players.length ? (
            <ol className="admin-team-players">
              {team.alternate_players.map((p, i) => (
                <PlayerLine key={p.tryout_id} player={p}>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={i === 0 || busy}
                    onClick={() => moveAlternate(i, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                    <span className="visually-hidden">Move {playerName(p)} up</span>
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={i === team.alternate_players.length - 1 || busy}
                    onClick={() => moveAlternate(i, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                    <span className="visually-hidden">Move {playerName(p)} down</span>
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() =>
                      void change(
                        () =>
                          setAlternates(
                            team.id,
                            alternateIds.filter((x) => x !== p.tryout_id),
                          ),
                        'The alternate could not be taken off. Please try again.',
                      )
                    }
                  >
                    Remove<span className="visually-hidden"> {playerName(p)} from the alternates</span>
                  </button>
                </PlayerLine>
              ))}
            </ol>
          ) : (
            <p className="form-note">No alternates yet.</p>
          )}
        </section>
      </div>
      <div className="admin-team-add">
        <label htmlFor={`${id}-add`}>Add a {team.age_group} player</label>
        <select id={`${id}-add`} value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">Choose a player…</option>
          {candidates.map((r) => (
            <option key={r.id} value={r.id}>
              {playerName(r)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-small"
          disabled={!adding || busy}
          onClick={() =>
            void change(async () => {
              const next = await placeOnTeam(team, adding);
              setAdding('');
              return next;
            }, 'The player could not be placed. Please try again.')
          }
        >
          Place
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={!adding || busy}
          onClick={() =>
            void change(async () => {
              const next = await addAlternate(team, adding);
              setAdding('');
              return next;
            }, 'The alternate could not be added. Please try again.')
          }
        >
          Add as alternate
        </button>
      </div>
      <div className="admin-team-links">
        <a href={`/admin/teams/${team.id}/roster`} target="_blank" rel="noreferrer">
          Roster (print)
        </a>
        <button type="button" className="button-link" onClick={() => void download()}>
          Roster CSV
        </button>
        <button type="button" className="button-link" onClick={() => setEditing((x) => !x)}>
          {editing ? 'Close settings' : 'Edit team'}
        </button>
        <button type="button" className="button-link admin-danger-link" onClick={() => void remove()}>
          Delete team
        </button>
      </div>
    </article>
  );
}

/** The season's teams and the form of a new one. */
export function SeasonTeams({
  season,
  rows,
  notify,
}: {
  season: AdminSeason;
  rows: AdminTryoutRow[];
  notify: Notify;
}) {
  const { teams, failed, setTeams, replace, retry } = useSeasonTeams(season.id);
  return (
    <>
      {failed ? (
        <p role="alert">
          The teams could not load.{' '}
          <button type="button" className="button-link" onClick={retry}>
            Try again
          </button>
        </p>
      ) : teams === null ? (
        <p role="status">Loading teams…</p>
      ) : teams.length === 0 ? (
        <p className="form-note">No teams yet. Make the season’s first team below.</p>
      ) : (
        <div className="admin-teams">
          {teams.map((team) => (
            <TeamCard
              key={team.id}
              season={season}
              team={team}
              rows={rows}
              notify={notify}
              onChanged={replace}
              onDeleted={setTeams}
            />
          ))}
        </div>
      )}
      <h2 className="admin-team-new">New team</h2>
      <TeamForm
        season={season}
        initial={blankTeam(season)}
        submitLabel="Add team"
        onSubmit={async (input) => {
          try {
            const team = await createTeam(season.id, input);
            setTeams((all) => [...(all ?? []), { ...team, placed_players: [], alternate_players: [] }]);
            notify.success(`${team.name} added.`);
            return true;
          } catch (error) {
            notify.error(serverMessageOr(error, 'The team could not be added. Please try again.'));
            return false;
          }
        }}
      />
    </>
  );
}

/** The "Teams" disclosure of the season's screen. */
export function TeamsPanel({
  season,
  rows,
  notify,
}: {
  season: AdminSeason;
  rows: AdminTryoutRow[];
  notify: Notify;
}) {
  // Read once first opened: the tryout table's page asks for nothing it does not show.
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-disclosure" onToggle={(e) => e.currentTarget.open && setOpen(true)}>
      <summary onClick={() => setOpen(true)}>
        <span>Teams: placements, alternates and rosters</span>
      </summary>
      {open ? (
        <div>
          <SeasonTeams key={season.id} season={season} rows={rows} notify={notify} />
        </div>
      ) : null}
    </details>
  );
}
