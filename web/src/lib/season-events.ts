/**
 * The active season's sessions as the public pages' event cards (issue 15). The prerendered pages cannot
 * know them (an admin changes them at any time), so a page asks once it runs: until then it shows no dates at
 * all (the static cards of spec §3 stay in a <noscript> for visitors without JavaScript), and a visitor never
 * sees a stale season's dates. No season, or a season without sessions, falls back to the static cards.
 */
import { useEffect, useState } from 'react';
import { sessionWhen } from '@club/shared/sessions';
import { onFirstUse } from '@club/shared/first-use';
import { formatCad } from '@club/shared/money';
import type { Season, TryoutSession } from '@club/shared/types';
import type { EventCard } from '../content/events';
import { publicGet } from './public-api';

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
      /** Whether the active season takes registrations now (issue 18: the home page offers the way in). */
      registrationOpen: boolean;
    };

declare global {
  interface Window {
    /** GET /api/seasons/active, sent by the paint-first script once a prerendered page has painted. */
    clubActiveSeason?: Promise<Response>;
  }
}

/** One request per page view, shared by every part of the page that shows the season. */
let pending: Promise<Season | null> | null = null;
let askedAt = 0;
const REUSE_MS = 30_000;

/**
 * The active season (null when there is none), read once for the navigation, the page's sections and
 * /TryoutsClosed alike; the first read takes the request the paint-first script sent while the app loaded.
 * Rejects when it could not be read (and is asked again next time).
 */
export function readActiveSeason(): Promise<Season | null> {
  if (!pending || Date.now() - askedAt > REUSE_MS) {
    askedAt = Date.now();
    const sent = window.clubActiveSeason;
    delete window.clubActiveSeason;
    const read = publicGet('getActiveSeason', sent);
    pending = read;
    read.catch(() => {
      if (pending === read) pending = null;
    });
  }
  return pending;
}

/** "15U/16U Boys" from ["15U Boys", "16U Boys"]; groups of different divisions are listed whole. */
export function groupsTitle(groups: readonly string[]): string {
  const parts = groups.map((g) => g.split(' ') as [string, string]);
  const division = parts[0]?.[1];
  return parts.every(([, d]) => d === division)
    ? `${parts.map(([age]) => age).join('/')} ${division}`
    : groups.join(', ');
}

/** The season's sessions as cards: one per kind, age groups and place, its sessions in time order. */
export function toEventCards(sessions: readonly TryoutSession[]): EventCard[] {
  const cards = new Map<string, { card: EventCard; when: TryoutSession[] }>();
  const sorted = [...sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  for (const session of sorted) {
    const key = [session.kind, ...session.age_groups, session.location, session.address].join('|');
    const entry = cards.get(key);
    if (entry) {
      entry.when.push(session);
      continue;
    }
    cards.set(key, {
      when: [session],
      card: {
        id: `session-${cards.size + 1}`,
        title: `${groupsTitle(session.age_groups)} ${session.kind === 'tryout' ? 'Tryouts' : 'Open Gym'}`,
        kind: session.kind,
        details: [],
      },
    });
  }
  return [...cards.values()].map(({ card, when }) => ({
    ...card,
    details: [...when.map(sessionWhen), `${when[0]!.location}, ${when[0]!.address}`],
  }));
}

// Made on first use: the home page imports this module as it starts, and a formatter built at import is
// main-thread time before the page answers (first-use.ts).
const MONTH = /* @__PURE__ */ onFirstUse(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', month: 'long', year: 'numeric' }),
);

/** The month of the earliest session ("August 2026"), read from its Edmonton wall-clock date. */
export function firstMonth(sessions: readonly TryoutSession[]): string {
  const first = [...sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at))[0]!.starts_at;
  const [y, m] = first.split('-').map(Number) as [number, number];
  return MONTH().format(new Date(Date.UTC(y, m - 1, 1)));
}

/** The month of spec §3's static cards. */
const STATIC_MONTH = 'August 2025';

/** The season as the public pages show it; the static cards' month when it has no sessions. */
export async function loadSeasonEvents(): Promise<Extract<SeasonEvents, { state: 'ready' }>> {
  const season = await readActiveSeason().catch(() => null);
  return {
    state: 'ready',
    events: season?.sessions.length ? toEventCards(season.sessions) : null,
    month: season?.sessions.length ? firstMonth(season.sessions) : STATIC_MONTH,
    fee: season ? formatCad(season.tryout_fee_cents) : null,
    registrationOpen: season?.is_registration_open === true,
  };
}

/** For tests: forget the shared request, and any the paint-first script sent. */
export function forgetSeasonEvents(): void {
  pending = null;
  delete window.clubActiveSeason;
}

export function useSeasonEvents(): SeasonEvents {
  const [events, setEvents] = useState<SeasonEvents>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    void loadSeasonEvents().then((ready) => current && setEvents(ready));
    return () => {
      current = false;
    };
  }, []);
  return events;
}

/**
 * Whether the active season takes registrations, for the navigation's "Register for tryouts" (issue 18):
 * false until the page has asked (the prerendered HTML cannot know), and on any failure to ask.
 */
export function useRegistrationOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let current = true;
    readActiveSeason().then(
      (season) => current && setOpen(season?.is_registration_open === true),
      () => current && setOpen(false),
    );
    return () => {
      current = false;
    };
  }, []);
  return open;
}
