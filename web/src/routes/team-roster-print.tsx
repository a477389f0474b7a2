import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatCad } from '@club/shared/money';
import { ROSTER_FEE_WORDS, type TeamRoster } from '@club/shared/teams';
import { getTeamRoster } from '../features/admin/teams-api';
import { serverMessageOr } from '../lib/api-client';
import '../features/admin/teams.css';

type Loaded =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; roster: TeamRoster };

/**
 * /admin/teams/{teamId}/roster (issue 45 §5): a team's roster on one page to print for the bench: every
 * player with their families' phones, emergency contact, medical notes, photo consent and the fee's state.
 */
export function TeamRosterPrintPage() {
  const { teamId = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    getTeamRoster(teamId).then(
      (roster) => current && setLoaded({ state: 'ready', roster }),
      (error: unknown) =>
        current &&
        setLoaded({ state: 'failed', message: serverMessageOr(error, 'The roster could not load.') }),
    );
    return () => {
      current = false;
    };
  }, [teamId]);

  if (loaded.state === 'loading') return <p role="status">Loading the roster…</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.message}</p>;
  const { roster } = loaded;
  const { team } = roster;
  return (
    <section className="roster-print">
      <div className="roster-print-head">
        <div>
          <h1>{team.name}</h1>
          <p>
            {roster.season_name} · {team.age_group} · {roster.players.length} of {team.capacity} players
            {team.coach_name ? ` · Coach ${team.coach_name}` : ''}
            {team.fee_cents ? ` · Fee ${formatCad(team.fee_cents)}` : ''}
          </p>
          <p className="roster-print-source">
            {roster.source === 'accepted'
              ? 'Players who accepted their offer.'
              : 'Players placed on the team (offers not out yet).'}
          </p>
        </div>
        <button type="button" className="button roster-print-button" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <div className="admin-table-scroll">
        <table className="roster-print-table">
          <caption className="visually-hidden">{team.name} roster</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Player</th>
              <th scope="col">Born</th>
              <th scope="col">Guardians</th>
              <th scope="col">Emergency contact</th>
              <th scope="col">Medical notes</th>
              <th scope="col">Photos</th>
              <th scope="col">Fee</th>
            </tr>
          </thead>
          <tbody>
            {roster.players.map((p) => (
              <tr key={p.tryout_id}>
                <td>{p.tryout_number}</td>
                <td>
                  {p.first_name} {p.last_name}
                </td>
                <td>{p.birth_year}</td>
                <td>
                  {p.guardians.map((g) => (
                    <div key={`${g.name}-${g.phone}`}>
                      {g.name} · {g.phone}
                    </div>
                  ))}
                </td>
                <td>
                  {p.emergency_contact.name} ({p.emergency_contact.relationship}) ·{' '}
                  {p.emergency_contact.phone}
                </td>
                <td>{p.medical_notes || '—'}</td>
                <td>{p.photo_consent ? 'Yes' : 'No'}</td>
                <td>{ROSTER_FEE_WORDS[p.fee_state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {roster.players.length ? null : <p>No players on the roster yet.</p>}
    </section>
  );
}
