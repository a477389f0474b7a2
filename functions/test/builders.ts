/**
 * Test data builders: one per request body and stored record, each with valid defaults a test overrides. A new
 * required field is one edit here, not one in every test; a test about a field's validation still writes that
 * field out on top of the builder. The checked helpers below fail a setup call loudly, naming the route, its
 * status and the server's message, so no test passes on a setup that was refused.
 */
import { randomUUID } from 'node:crypto';
import {
  tryoutId,
  type AgeGroup,
  type Athlete,
  type AthleteInput,
  type GuardianRegistrationInput,
  type NewSeasonInput,
  type RegistrationInput,
  type RouteName,
  type TryoutSession,
  type UpdateSeasonInput,
  type WalkUpInput,
} from '@club/shared';
import { call, type CallOptions, type CallResult } from './api';

/** Every test account's password (strong enough for the sign-up rules). */
export const PASSWORD = 'Correct!Horse9Battery';

/** A fresh address no other test uses. */
export function uniqueEmail(label = 'family'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.test`;
}

// ---------------------------------------------------------------------------------------------- request bodies

/** Fields every tryout registration body carries, whoever it is for: a new required field goes here. */
const everyTryoutRegistration = { payment_method: 'cash' as 'cash' | 'stripe' };

/** Fields every line of a household registration carries (a new per-child field goes here). */
const everyHouseholdLine = {};

/** One athlete's line of a household registration. */
export interface HouseholdEntry {
  athlete_id: string;
  /** A group the season offers, or anything else for a test of the refusal. */
  age_group: AgeGroup | (string & {});
  photo_consent?: boolean;
}

/** POST /tryouts/register for the account holder's own athlete (spec §7): cash, 15U Boys unless told. */
export function aTryoutRegistration(overrides: Record<string, unknown> = {}) {
  return { ...everyTryoutRegistration, age_group: '15U Boys' as AgeGroup, ...overrides };
}

/**
 * POST /tryouts/register for athletes of the caller's household (issue 17): one line each, cash unless told.
 * A bare id registers for 15U Boys.
 */
export function aHouseholdRegistration(
  entries: ReadonlyArray<HouseholdEntry | string>,
  overrides: Record<string, unknown> = {},
) {
  return {
    ...everyTryoutRegistration,
    registrations: entries.map((e) => ({
      ...everyHouseholdLine,
      ...(typeof e === 'string' ? { athlete_id: e, age_group: '15U Boys' as AgeGroup } : e),
    })),
    ...overrides,
  };
}

/** POST/PATCH /household/athletes: Mina Quinn, born 2011-05-20, her parent's consent given (no division: any group). */
export function anAthlete<O extends Partial<Record<keyof AthleteInput, unknown>>>(overrides: O = {} as O) {
  return {
    first_name: 'Mina',
    last_name: 'Quinn',
    date_of_birth: '2011-05-20',
    emergency_contact_name: 'Robin Quinn',
    emergency_contact_phone: '7805550199',
    emergency_contact_email: 'robin.quinn@example.test',
    emergency_contact_relationship: 'parent' as const,
    parent_consent: true,
    ...overrides,
  };
}

/** POST /auth/register: the spec's player sign-up (Jordan Lee, an adult), at a fresh address. */
export function anAccountSignUp(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  return {
    first_name: 'Jordan',
    last_name: 'Lee',
    email: uniqueEmail(),
    password: PASSWORD,
    date_of_birth: '1990-04-12',
    phone_number: '(780) 555-0134',
    emergency_contact_name: 'Sam Lee',
    emergency_contact_phone: '1-780-555-0199',
    emergency_contact_email: 'sam.lee@example.test',
    emergency_contact_relationship: 'parent',
    parent_consent: false,
    ...overrides,
  };
}

/** POST /auth/register with `account_type: 'guardian'` (issue 17): a parent, no birth date or contact. */
export function aGuardianSignUp(overrides: Partial<GuardianRegistrationInput> = {}) {
  return {
    account_type: 'guardian' as const,
    first_name: 'Dana',
    last_name: 'Stone',
    email: uniqueEmail('guardian'),
    password: PASSWORD,
    phone_number: '780-555-0142',
    is_adult: true as const,
    ...overrides,
  };
}

/** POST /checkin/{seasonId}/walk-ups: Jordan Okafor registering Leo (born 2011, boys) for 15U Boys, cash taken. */
export function aWalkUp(
  overrides: Partial<Record<keyof WalkUpInput, unknown>> & { email?: string } = {},
): Record<string, unknown> {
  const { email = uniqueEmail('walk-up'), ...rest } = overrides;
  return {
    guardian: { first_name: 'Jordan', last_name: 'Okafor', email, phone_number: '780-555-0111' },
    athlete: { first_name: 'Leo', last_name: 'Okafor', date_of_birth: '2011-03-02', division: 'boys' },
    age_group: '15U Boys',
    payment_method: 'cash',
    cash_collected: true,
    ...rest,
  };
}

/** POST /admin/seasons: a season's name (the rest takes the server's defaults unless told). */
export function aNewSeason(overrides: Partial<Record<keyof NewSeasonInput, unknown>> = {}) {
  return { name: 'Fall 2025 Tryouts', ...overrides };
}

/** PATCH /admin/seasons/{id}: only what a test sets (every field is optional). */
export function aSeasonUpdate(overrides: Partial<Record<keyof UpdateSeasonInput, unknown>> = {}) {
  return { ...overrides };
}

/** The gym most test sessions are at. */
export const GYM = { location: 'Harry Ainlay High School', address: '4350 111 St NW, Edmonton, AB' };

/** A tryout session of the groups on a day (Edmonton), 6 to 8 pm, at the gym. */
export function sessionOn(
  day: string,
  age_groups: readonly AgeGroup[] = ['15U Boys', '15U Girls'],
  overrides: Partial<TryoutSession> = {},
): TryoutSession {
  return {
    kind: 'tryout',
    age_groups: [...age_groups],
    starts_at: `${day}T18:00`,
    ends_at: `${day}T20:00`,
    ...GYM,
    ...overrides,
  };
}

let scoreCount = 0;

/** One score of PUT /evaluate/{seasonId}/scores: a 3 for shooting, scored now, from its own device id. */
export function aScore(tryout_id: string, overrides: Record<string, unknown> = {}) {
  return {
    tryout_id,
    criterion: 'shooting',
    value: 3,
    scored_at: new Date().toISOString(),
    client_id: `device-${++scoreCount}-${randomUUID().slice(0, 8)}`,
    ...overrides,
  };
}

// ------------------------------------------------------------------------------------------------ stored records

/** A cash registration of an athlete (Avery Quinn) as the service writes it, before its number. */
export function aRegistrationRecord(
  seasonId: string,
  player: { id: string; email: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    id: tryoutId.of(seasonId, player.id),
    season_id: seasonId,
    player_id: player.id,
    user_id: player.id,
    age_group: '15U Boys' as const,
    payment_method: 'cash' as const,
    payment_status: 'cash' as const,
    amount_cents: 4500,
    attended: false,
    result: '' as const,
    email_sent: false,
    created_at: new Date().toISOString(),
    first_name: 'Avery',
    last_name: 'Quinn',
    email: player.email,
    date_of_birth: '2010-06-15',
    is_under_18: true,
    parent_consent: true,
    phone_number: '7805550134',
    emergency_contact_name: 'Robin Quinn',
    emergency_contact_phone: '7805550199',
    emergency_contact_email: 'robin.quinn@example.test',
    emergency_contact_relationship: 'parent' as const,
    ...overrides,
  };
}

// --------------------------------------------------------------------------------------- checked setup calls

/** Throws, naming the route, unless the answer has the status: a setup that failed fails its test. */
export function expectStatus(res: CallResult, status: number): CallResult {
  if (res.status !== status) {
    const message = res.body.message ?? (res.text.slice(0, 200) || '(no message)');
    throw new Error(`${res.route} answered ${res.status}, not ${status}: ${message}`);
  }
  return res;
}

/** Calls the route and checks its answer's status (200 unless told); the answer, for what the setup needs. */
export async function ok(name: RouteName, options: CallOptions = {}, status = 200): Promise<CallResult> {
  return expectStatus(await call(name, options), status);
}

/** Adds an athlete (the builder's, with the overrides) to the household that signs in with `token`. */
export async function addedAthlete(
  token: string,
  overrides: Parameters<typeof anAthlete>[0] = {},
): Promise<Athlete> {
  return (await ok('addAthlete', { token, body: anAthlete(overrides) }, 201)).body as unknown as Athlete;
}

/** Registers with the body (a builder's), checked for 201; the answer. */
export function registered(token: string, body: Record<string, unknown>): Promise<CallResult> {
  return ok('registerTryout', { token, body }, 201);
}
