/**
 * A coach's phone screen (issue 45 §5): their one team's roster. Each player is a card with the families'
 * phones to tap and call; a medical note shows as a flag, and the note itself on a tap (as the door's helpers
 * see it flagged). Nothing is kept on the phone: it is read from the server each time.
 */
import { useEffect, useState } from 'react';
import type { CoachRoster, CoachRosterPlayer } from '@club/shared/teams';
import { callApi, serverMessageOr } from '../../lib/api-client';

type Loaded =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; roster: CoachRoster };

/** "7805550134" → "780-555-0134" for reading; the link dials the digits. */
const shownPhone = (phone: string) => phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3');
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function PlayerCard({ player }: { player: CoachRosterPlayer }) {
  const [noteOpen, setNoteOpen] = useState(false);
  const name = `${player.first_name} ${player.last_name}`;
  const noteId = `note-${player.tryout_id}`;
  return (
    <li className="coach-player">
      <p className="coach-player-name">
        <span className="coach-number">#{player.tryout_number}</span> {name}
        <span className="coach-born"> · born {player.birth_year}</span>
      </p>
      <div className="coach-flags">
        {player.has_medical_notes ? (
          <button
            type="button"
            className="coach-flag coach-flag-medical"
            aria-expanded={noteOpen}
            aria-controls={noteId}
            onClick={() => setNoteOpen((open) => !open)}
          >
            Medical note {noteOpen ? '▲' : '▼'}
          </button>
        ) : null}
        {player.photo_consent ? null : <span className="coach-flag">No photos</span>}
      </div>
      {player.has_medical_notes && noteOpen ? (
        <p id={noteId} className="coach-note">
          {player.medical_notes}
        </p>
      ) : null}
      <ul className="coach-contacts" aria-label={`Contacts for ${name}`}>
        {player.guardians.map((g) => (
          <li key={`${g.name}-${g.phone}`}>
            <span>{g.name}</span>
            <a href={telOf(g.phone)}>{shownPhone(g.phone)}</a>
          </li>
        ))}
        <li>
          <span>
            {player.emergency_contact.name} <span className="coach-born">(emergency)</span>
          </span>
          <a href={telOf(player.emergency_contact.phone)}>{shownPhone(player.emergency_contact.phone)}</a>
        </li>
      </ul>
    </li>
  );
}

export function CoachRosterApp({ teamId }: { teamId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    callApi('getCoachRoster', { params: { teamId } }).then(
      (roster) => current && setLoaded({ state: 'ready', roster }),
      (error: unknown) =>
        current &&
        setLoaded({
          state: 'failed',
          message: serverMessageOr(error, 'The roster could not load. Check the connection and try again.'),
        }),
    );
    return () => {
      current = false;
    };
  }, [teamId]);

  if (loaded.state === 'loading') return <p role="status">Loading the roster…</p>;
  if (loaded.state === 'failed') return <p role="alert">{loaded.message}</p>;
  const { roster } = loaded;
  return (
    <>
      <h1>{roster.team.name}</h1>
      <p className="coach-summary">
        {roster.season_name} · {roster.team.age_group} · {roster.players.length}{' '}
        {roster.players.length === 1 ? 'player' : 'players'}
      </p>
      {roster.players.length ? (
        <ul className="coach-players">
          {roster.players.map((p) => (
            <PlayerCard key={p.tryout_id} player={p} />
          ))}
        </ul>
      ) : (
        <p>No players on the roster yet.</p>
      )}
    </>
  );
}
