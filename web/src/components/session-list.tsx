/**
 * A list of tryout sessions as families read them: the day and time (Edmonton's wall clock, as the admin
 * entered it), the gym, and its address linked to a map. The /tryout form shows a group's sessions before
 * the family pays; the dashboard shows the player's.
 */
import { mapLink } from '@club/shared/player-sessions';
import { sessionWhen } from '@club/shared/sessions';
import type { TryoutSession } from '@club/shared/types';

export function SessionList({ sessions, label }: { sessions: readonly TryoutSession[]; label: string }) {
  return (
    <ul className="session-list" aria-label={label}>
      {sessions.map((session) => (
        <li key={`${session.starts_at}|${session.location}`}>
          <strong>{sessionWhen(session)}</strong>
          <span>
            {session.location},{' '}
            <a href={mapLink(session)} target="_blank" rel="noopener noreferrer">
              {session.address}
              <span className="visually-hidden"> (map, opens in a new tab)</span>
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}
