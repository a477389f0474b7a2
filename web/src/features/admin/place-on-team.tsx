/**
 * "Place on…" (issue 45 §2): a team picker for one player, used on the rankings and in Player Details. It says
 * where the player is now (placed on a team, or its alternate), and choosing a team of the player's age group
 * places them there or adds them to its alternates; the server refuses a player already on another team.
 */
import { useState } from 'react';
import type { AgeGroup } from '@club/shared/constants';
import type { TeamWithPlayers } from '@club/shared/teams';
import type { Notify } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
import { addAlternate, placeOnTeam } from './teams-api';
import { useSeasonTeams } from './teams-panel';

/** Where a player is on the season's teams, in words; null when on none. */
export function placementText(teams: readonly TeamWithPlayers[], tryoutId: string): string | null {
  for (const team of teams) {
    if (team.placed_players.some((p) => p.tryout_id === tryoutId)) return `On ${team.name}`;
    const alternate = team.alternate_players.find((p) => p.tryout_id === tryoutId);
    if (alternate) return `Alternate ${alternate.rank} on ${team.name}`;
  }
  return null;
}

export function PlaceOnTeam({
  tryoutId,
  label,
  ageGroup,
  teams,
  notify,
  onPlaced,
}: {
  tryoutId: string;
  /** "#4 Leo Okafor": the picker's accessible name says whom it places. */
  label: string;
  ageGroup: AgeGroup;
  teams: readonly TeamWithPlayers[];
  notify: Notify;
  onPlaced: (team: TeamWithPlayers) => void;
}) {
  const [busy, setBusy] = useState(false);
  const where = placementText(teams, tryoutId);
  const mine = teams.filter((t) => t.age_group === ageGroup);
  if (where) return <span className="admin-team-where">{where}</span>;
  if (!mine.length) return <span className="admin-team-summary">No {ageGroup} team</span>;

  async function choose(value: string) {
    const [how, teamId] = value.split('|') as ['placed' | 'alternate', string];
    const team = mine.find((t) => t.id === teamId);
    if (!team || busy) return;
    setBusy(true);
    try {
      const next = how === 'placed' ? await placeOnTeam(team, tryoutId) : await addAlternate(team, tryoutId);
      onPlaced(next);
      notify.success(
        how === 'placed' ? `${label} placed on ${team.name}.` : `${label} is an alternate for ${team.name}.`,
      );
    } catch (error) {
      notify.error(serverMessageOr(error, 'The player could not be placed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <select
      className="admin-team-place"
      aria-label={`Place ${label} on a team`}
      value=""
      disabled={busy}
      onChange={(e) => void choose(e.target.value)}
    >
      <option value="">Place on…</option>
      {mine.map((t) => (
        <optgroup key={t.id} label={`${t.name} (${t.placed} of ${t.capacity})`}>
          <option value={`placed|${t.id}`} disabled={t.placed >= t.capacity}>
            {t.name}
          </option>
          <option value={`alternate|${t.id}`}>{t.name}: alternate</option>
        </optgroup>
      ))}
    </select>
  );
}

/**
 * Player Details' "Team" group (issue 45): the teams are read once the admin asks, then the picker places
 * the player from the tryout table's row.
 */
export function PlayerTeam({
  seasonId,
  tryoutId,
  label,
  ageGroup,
  notify,
}: {
  seasonId: string;
  tryoutId: string;
  label: string;
  ageGroup: AgeGroup;
  notify: Notify;
}) {
  const [open, setOpen] = useState(false);
  const teams = useSeasonTeams(seasonId, open);
  return (
    <section className="admin-detail-group" aria-label="Team">
      <h3>Team</h3>
      {!open ? (
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Place on a team…
        </button>
      ) : teams.teams ? (
        <PlaceOnTeam
          tryoutId={tryoutId}
          label={label}
          ageGroup={ageGroup}
          teams={teams.teams}
          notify={notify}
          onPlaced={teams.replace}
        />
      ) : teams.failed ? (
        <p role="alert">The teams could not load.</p>
      ) : (
        <p role="status">Loading teams…</p>
      )}
    </section>
  );
}
