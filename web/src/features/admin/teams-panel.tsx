/**
 * Teams (issue 45 §2, §5), as the admin runs them for a season: make, change and delete teams; place players
 * (from the season's registrations of the team's age group) and order each team's alternates with up and
 * down; open the roster to read or print, or download it. Every list change sends the team's whole list, so
 * what the server answers is what the screen shows.
 */
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { formatCad } from '@club/shared/money';
import { TeamCreateSchema } from '@club/shared/team-schemas';
import type { TeamPlayer, TeamWithPlayers } from '@club/shared/teams';
import type { AdminSeason, AdminTryoutRow } from '@club/shared/types';
import { FieldError, controlProps } from '../../components/form-field';
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
}

const blankTeam = (season: AdminSeason): TeamFormValues => ({
  name: '',
  age_group: season.age_groups[0] ?? '',
  capacity: '12',
  fee: '0',
  coach_name: '',
  team_link: '',
  cash_accepted: true,
});

const valuesOf = (team: TeamWithPlayers): TeamFormValues => ({
  name: team.name,
  age_group: team.age_group,
  capacity: String(team.capacity),
  fee: (team.fee_cents / 100).toFixed(2),
  coach_name: team.coach_name ?? '',
  team_link: team.team_link ?? '',
  cash_accepted: team.cash_accepted,
});

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
    });
    if (!parsed.success) {
      const flat = v.flatten(parsed.issues).nested ?? {};
      setErrors({
        name: flat.name?.[0],
        capacity: flat.capacity?.[0],
        fee: flat.fee_cents?.[0],
        coach_name: flat.coach_name?.[0],
        team_link: flat.team_link?.[0],
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
