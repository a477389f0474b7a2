/**
 * The valibot schemas of teams (issue 45 §2, §5): a team's settings, the players placed on it and its ordered
 * alternates, and the team in paths. all-schemas.ts is the registry the route table names schemas from.
 */
import * as v from 'valibot';
import { AGE_GROUPS } from './constants';
import { isIsoDate, todayInClubZone } from './dates';
import { teamId } from './ids';
import { MAX_INSTALMENT_RETRIES, MAX_INSTALMENTS } from './instalments';
import { TeamLinkSchema, TryoutIdSchema } from './schemas';
import {
  MAX_COACH_NAME,
  MAX_TEAM_ALTERNATES,
  MAX_TEAM_CAPACITY,
  MAX_TEAM_FEE_CENTS,
  MAX_TEAM_NAME,
} from './teams';

export const teamMessages = {
  nameRequired: `Give the team a name of at most ${MAX_TEAM_NAME} characters.`,
  ageGroupRequired: 'Choose an age group.',
  capacity: `A team holds between 1 and ${MAX_TEAM_CAPACITY} players.`,
  fee: 'The team fee is whole cents between $0 and $5,000.',
  coachName: `The coach's name is at most ${MAX_COACH_NAME} characters.`,
  teamLink: 'Enter a link that starts with https://',
  cashAccepted: 'Choose whether cash is accepted.',
  nothingToChange: 'Change at least one of the team’s settings.',
  tryoutIds: 'List the registrations by their ids.',
  tooManyAlternates: `A team keeps at most ${MAX_TEAM_ALTERNATES} alternates.`,
  listedTwice: 'Each player can be listed once.',
  instalmentDates: `Give at most ${MAX_INSTALMENTS - 1} due dates for the later instalments, each a date (YYYY-MM-DD).`,
  instalmentDatesOrder: 'Each instalment’s due date must come after the one before.',
  instalmentDatePast: 'An instalment’s due date cannot be in the past.',
  instalmentRetries: `Retries after a decline are between 0 and ${MAX_INSTALMENT_RETRIES}.`,
} as const;
const m = teamMessages;

const NameSchema = v.pipe(
  v.string(m.nameRequired),
  v.trim(),
  v.nonEmpty(m.nameRequired),
  v.maxLength(MAX_TEAM_NAME, m.nameRequired),
);
const CapacitySchema = v.pipe(
  v.number(m.capacity),
  v.integer(m.capacity),
  v.minValue(1, m.capacity),
  v.maxValue(MAX_TEAM_CAPACITY, m.capacity),
);
const FeeSchema = v.pipe(
  v.number(m.fee),
  v.integer(m.fee),
  v.minValue(0, m.fee),
  v.maxValue(MAX_TEAM_FEE_CENTS, m.fee),
);
/** An empty or absent coach name is none. */
const CoachNameSchema = v.nullable(
  v.pipe(v.string(m.coachName), v.trim(), v.maxLength(MAX_COACH_NAME, m.coachName)),
);
/** An empty link is none: the age group's link from the season applies. */
const TeamLinkFieldSchema = v.nullable(v.union([v.literal(''), TeamLinkSchema], m.teamLink));

/**
 * The due dates of instalments 2..4 (issue 46): at most three real dates, each after the one before and none
 * before today (the club's day, when set); empty = the fee is paid in full.
 */
const InstalmentDueDatesSchema = v.pipe(
  v.array(v.pipe(v.string(m.instalmentDates), v.check(isIsoDate, m.instalmentDates)), m.instalmentDates),
  v.maxLength(MAX_INSTALMENTS - 1, m.instalmentDates),
  v.check((dates) => dates.every((d, i) => i === 0 || d > dates[i - 1]!), m.instalmentDatesOrder),
  v.check((dates) => dates.every((d) => d >= todayInClubZone()), m.instalmentDatePast),
);
const InstalmentRetriesSchema = v.pipe(
  v.number(m.instalmentRetries),
  v.integer(m.instalmentRetries),
  v.minValue(0, m.instalmentRetries),
  v.maxValue(MAX_INSTALMENT_RETRIES, m.instalmentRetries),
);

const teamFields = {
  name: NameSchema,
  age_group: v.picklist(AGE_GROUPS, m.ageGroupRequired),
  capacity: CapacitySchema,
  fee_cents: FeeSchema,
  coach_name: v.optional(CoachNameSchema),
  team_link: v.optional(TeamLinkFieldSchema),
  cash_accepted: v.optional(v.boolean(m.cashAccepted)),
  instalment_due_dates: v.optional(InstalmentDueDatesSchema),
  instalment_retries: v.optional(InstalmentRetriesSchema),
};

/** POST /admin/seasons/{id}/teams {name, age_group, capacity, fee_cents, coach_name?, team_link?, cash_accepted?}. */
export const TeamCreateSchema = v.object(teamFields, (issue) => {
  const key = issue.path?.[0]?.key;
  if (key === 'name') return m.nameRequired;
  if (key === 'age_group') return m.ageGroupRequired;
  if (key === 'capacity') return m.capacity;
  if (key === 'fee_cents') return m.fee;
  if (key === 'instalment_due_dates') return m.instalmentDates;
  if (key === 'instalment_retries') return m.instalmentRetries;
  return 'Invalid request.';
});
export type TeamCreateInput = v.InferOutput<typeof TeamCreateSchema>;

/** PATCH /admin/teams/{teamId}: any of the team's settings; what is left out stays as it is. */
export const TeamUpdateSchema = v.pipe(
  v.object({
    name: v.optional(NameSchema),
    age_group: v.optional(teamFields.age_group),
    capacity: v.optional(CapacitySchema),
    fee_cents: v.optional(FeeSchema),
    coach_name: teamFields.coach_name,
    team_link: teamFields.team_link,
    cash_accepted: teamFields.cash_accepted,
    instalment_due_dates: teamFields.instalment_due_dates,
    instalment_retries: teamFields.instalment_retries,
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), m.nothingToChange),
);
export type TeamUpdateInput = v.InferOutput<typeof TeamUpdateSchema>;

/** A team's public id in paths: `<seasonId>.<teamUuid>` (ids.ts teamId); anything else is not found. */
export const TeamIdSchema = v.pipe(v.string('Not found.'), v.regex(teamId.pattern, 'Not found.'));
/** Path `{teamId}`. */
export const TeamParamsSchema = v.object({ teamId: TeamIdSchema });

const TryoutIdListSchema = (max: number, tooMany: string) =>
  v.pipe(
    v.array(TryoutIdSchema, m.tryoutIds),
    v.maxLength(max, tooMany),
    v.check((ids) => new Set(ids).size === ids.length, m.listedTwice),
  );

/**
 * PUT /admin/teams/{teamId}/placements {tryout_ids}: the team's placed players, the whole list. More than the
 * team's capacity is refused by the service (the capacity is the team's, read with its condition).
 */
export const TeamPlacementsSchema = v.object(
  { tryout_ids: TryoutIdListSchema(MAX_TEAM_CAPACITY, m.capacity) },
  m.tryoutIds,
);
export type TeamPlacementsInput = v.InferOutput<typeof TeamPlacementsSchema>;

/** PUT /admin/teams/{teamId}/alternates {tryout_ids}: the team's alternates, first offered first. */
export const TeamAlternatesSchema = v.object(
  { tryout_ids: TryoutIdListSchema(MAX_TEAM_ALTERNATES, m.tooManyAlternates) },
  m.tryoutIds,
);
export type TeamAlternatesInput = v.InferOutput<typeof TeamAlternatesSchema>;
