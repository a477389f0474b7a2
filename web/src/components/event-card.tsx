import type { EventCard as Event } from '../content/events';

/** One Upcoming Events card: its title and its date-time and location lines. */
export function EventCard({ event, headingLevel = 3 }: { event: Event; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`event-card event-${event.kind}`} aria-labelledby={`event-${event.id}`}>
      <p className="event-kind">{event.kind === 'tryout' ? 'Tryout' : 'Open gym'}</p>
      <Heading id={`event-${event.id}`}>{event.title}</Heading>
      <ul className="event-details">
        {event.details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </article>
  );
}
