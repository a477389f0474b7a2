/**
 * Capacity and a waitlist for tryouts (issue 45 §1): a season's capacity per age group and how long a freed
 * spot is held, their schemas and messages, and the shapes the family's and the admin's screens read.
 */
import * as v from 'valibot';
import { AGE_GROUPS, CLUB_TIME_ZONE, type AgeGroup } from './constants';
import { onFirstUse } from './first-use';

/** Bounds of a group's capacity and of a spot's hold (hours); the hold is a day unless the admin says. */
export const CAPACITY = { min: 1, max: 1000 } as const;
export const SPOT_HOLD_HOURS = { min: 1, max: 168, default: 24 } as const;

export const waitlistMessages = {
  capacityInvalid: 'A capacity must be a whole number of players from 1 to 1000.',
  capacityGroupInvalid: 'Capacities are set per age group of the season.',
  spotHoldHoursInvalid: 'The time a spot is held must be a whole number of hours from 1 to 168 (7 days).',
  onWaitlist: 'You are on the waitlist for this season. We will e-mail you when a spot opens.',
  athleteOnWaitlist: (name: string) =>
    `${name} is on the waitlist for this season. We will e-mail you when a spot opens.`,
  holdEnded: 'The spot held for you has ended and passed to the next family on the waitlist.',
  spotInGroup: (group: string) => `The spot held for you is in ${group}. Please register for ${group}.`,
} as const;

const m = waitlistMessages;

/**
 * `capacities` of PATCH /admin/seasons/{id}: the whole map, each group's most players (1–1000); a group left
 * out has no limit.
 */
export const CapacitiesSchema = v.pipe(
  v.record(
    v.picklist(AGE_GROUPS, m.capacityGroupInvalid),
    v.pipe(
      v.number(m.capacityInvalid),
      v.integer(m.capacityInvalid),
      v.minValue(CAPACITY.min, m.capacityInvalid),
      v.maxValue(CAPACITY.max, m.capacityInvalid),
    ),
    m.capacityGroupInvalid,
  ),
  v.transform((caps) => caps as Partial<Record<AgeGroup, number>>),
);

/** `spot_hold_hours` of PATCH /admin/seasons/{id}: how long a freed spot waits for its family. */
export const SpotHoldHoursSchema = v.pipe(
  v.number(m.spotHoldHoursInvalid),
  v.integer(m.spotHoldHoursInvalid),
  v.minValue(SPOT_HOLD_HOURS.min, m.spotHoldHoursInvalid),
  v.maxValue(SPOT_HOLD_HOURS.max, m.spotHoldHoursInvalid),
);

/** Where a registration stands: numbered (registered) or on its group's waitlist. */
export type TryoutStatus = 'registered' | 'waitlisted';

/** One family on a group's waitlist, as the admin's season screen lists it. */
export interface WaitlistEntry {
  /** 1 for the first; those holding a spot come first. */
  position: number;
  name: string;
  /** When the family joined the waitlist (ISO). */
  since: string;
  /** The end of the spot held for it (ISO), or null while it waits for one. */
  spot_held_until: string | null;
}

/** GET /admin/seasons/{id}/waitlist: per age group with a capacity or a waitlist. */
export interface WaitlistGroup {
  age_group: AgeGroup;
  /** null: no limit (a limit removed while families still wait). */
  capacity: number | null;
  /** Numbered registrations not withdrawn, and spots held for waitlisted families. */
  taken: number;
  waitlist: WaitlistEntry[];
}

export interface WaitlistAnswer {
  spot_hold_hours: number;
  groups: WaitlistGroup[];
}

/** "1st", "2nd", "3rd", "11th", "22nd": a waitlist position as the dashboard says it. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** Made on first use (first-use.ts): importing the module builds no formatter. */
const heldUntilFormat = /* @__PURE__ */ onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: CLUB_TIME_ZONE,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** The end of a spot's hold in Edmonton time, as the dashboard and the mail say it ("Saturday, November 28 at 9:30 a.m."). */
export function spotHeldUntilText(iso: string): string {
  const parts = Object.fromEntries(
    heldUntilFormat()
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value] as const),
  );
  return `${parts.weekday}, ${parts.month} ${parts.day} at ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}
