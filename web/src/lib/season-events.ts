/**
 * The active season's sessions as the public pages' event cards (issue 15). The prerendered pages cannot
 * know them (an admin changes them at any time), so a page asks once it runs: until then it shows no dates at
 * all (the static cards of spec §3 stay in a <noscript> for visitors without JavaScript), and a visitor never
 * sees a stale season's dates. No season, or a season without sessions, falls back to the static cards.
 */
import { useEffect, useState } from 'react';
import type { EventCard } from '../content/events';

export type SeasonEvents =
  | { state: 'checking' }
  /** `events` null: show the static cards (no season, no sessions, or the season could not be read). */
  | {
      state: 'ready';
      events: EventCard[] | null;
      /** "August 2026": the month of the season's first session; the static cards' month without them. */
      month: string;
      /** The season's tryout fee as written ("$85.00"); null without a season. */
      fee: string | null;
    };

export function useSeasonEvents(): SeasonEvents {
  const [events, setEvents] = useState<SeasonEvents>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    // Loaded once the page runs, so none of it weighs on the first JavaScript of a public page.
    void import('./season-events-load')
      .then((load) => load.loadSeasonEvents())
      .then(
        (ready) => current && setEvents(ready),
        () => current && setEvents({ state: 'ready', events: null, month: 'August 2025', fee: null }),
      );
    return () => {
      current = false;
    };
  }, []);
  return events;
}
