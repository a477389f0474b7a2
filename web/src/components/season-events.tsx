/**
 * The event cards of a public page, from the active season once the page runs (lib/season-events.ts). Until
 * then the grid holds its place and says it is checking; the static cards of spec §3 wait in a <noscript>.
 */
import type { SessionKind } from '@club/shared/constants';
import { UPCOMING_EVENTS } from '../content/events';
import type { SeasonEvents as Live } from '../lib/season-events';
import { EventCard } from './event-card';

export function SeasonEvents({ live, kind }: { live: Live; kind?: SessionKind }) {
  const pick = <T extends { kind: SessionKind }>(events: readonly T[]) =>
    kind ? events.filter((e) => e.kind === kind) : events;
  if (live.state === 'checking') {
    return (
      <div className="event-grid event-grid-checking" aria-busy="true">
        <p className="event-checking">Checking the season’s dates…</p>
        <noscript>
          {pick(UPCOMING_EVENTS).map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </noscript>
      </div>
    );
  }
  const events = pick(live.events ?? UPCOMING_EVENTS);
  if (!events.length) return <p className="event-none">None planned yet. Check back soon.</p>;
  return (
    <div className="event-grid">
      {events.map((event) => (
        <EventCard key={event.id} event={event} />
      ))}
    </div>
  );
}
