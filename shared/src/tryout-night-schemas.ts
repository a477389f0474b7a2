/**
 * The inputs of tryout night (issue 37), beside schemas.ts's: a helper's invitation, a check-in, a scan, a
 * walk-up registered at the door, the season's criteria and an evaluator's scores. all-schemas.ts is the
 * registry the route table names schemas from.
 */
import * as v from 'valibot';
import { AGE_GROUPS, DIVISIONS } from './constants';
import { fieldMessages as m } from './messages';
import {
  athleteFields,
  EmailSchema,
  objectRequiring,
  registrationFields,
  SeasonIdSchema,
  TryoutIdSchema,
} from './schemas';
import { TeamIdSchema } from './team-schemas';
import {
  HELPER_ROLES,
  MAX_CRITERIA,
  MAX_SCALE_MAX,
  MAX_SCORE_NOTE,
  MAX_SCORES_PER_BATCH,
  MIN_SCALE_MAX,
} from './tryout-night';

export const tryoutNightMessages = {
  roleRequired: 'Choose check-in, evaluator or coach.',
  coachTeamRequired: 'Choose the team this coach sees.',
  teamOnlyForCoach: 'Only a coach is invited with a team.',
  evaluatorGroupsRequired: 'Choose the age groups this evaluator scores.',
  checkInGroupsNone: 'A check-in helper sees every group: leave the age groups empty.',
  helperNotFound: 'That helper is not on this season’s list.',
  codeInvalid: 'That code is not a tryout check-in code.',
  criteriaRequired: 'Add at least one criterion.',
  criterionLabel: 'Each criterion needs a name of at most 40 characters.',
  criterionKey: 'A criterion’s key is lower-case letters, digits and hyphens.',
  criteriaTwice: 'Each criterion can be listed once.',
  scaleMax: `Scores go from 1 to a top between ${MIN_SCALE_MAX} and ${MAX_SCALE_MAX}.`,
  scoresRequired: 'Send at least one score.',
  scoresTooMany: `Send at most ${MAX_SCORES_PER_BATCH} scores at a time.`,
  scoreInvalid: 'Each score names a registration, a criterion, a whole value, when it was given and its id.',
  ageGroupRequired: 'Choose an age group.',
  cashRequired: 'Take the cash before checking in a walk-up.',
  waiverNameRequired: 'The parent or guardian types their full name to accept the waiver.',
} as const;
const n = tryoutNightMessages;

/** POST /admin/seasons/{id}/helpers: who, which job, and (evaluators) which groups. */
export const HelperInviteSchema = v.pipe(
  objectRequiring(
    {
      email: EmailSchema,
      role: v.picklist(HELPER_ROLES, n.roleRequired),
      age_groups: v.optional(
        v.pipe(
          v.array(v.picklist(AGE_GROUPS, n.evaluatorGroupsRequired), n.evaluatorGroupsRequired),
          v.maxLength(AGE_GROUPS.length, n.evaluatorGroupsRequired),
          v.check((list) => new Set(list).size === list.length, n.evaluatorGroupsRequired),
        ),
      ),
      /** A coach's one team (issue 45): `<seasonId>.<teamUuid>`. */
      team_id: v.optional(TeamIdSchema),
    },
    { email: m.emailRequired, role: n.roleRequired },
  ),
  v.forward(
    v.check((h) => h.role !== 'evaluator' || (h.age_groups?.length ?? 0) > 0, n.evaluatorGroupsRequired),
    ['age_groups'],
  ),
  v.forward(
    v.check((h) => h.role !== 'check-in' || !h.age_groups?.length, n.checkInGroupsNone),
    ['age_groups'],
  ),
  v.forward(
    v.check((h) => h.role !== 'coach' || (!!h.team_id && !h.age_groups?.length), n.coachTeamRequired),
    ['team_id'],
  ),
  v.forward(
    v.check((h) => h.role === 'coach' || !h.team_id, n.teamOnlyForCoach),
    ['team_id'],
  ),
);
export type HelperInviteInput = v.InferOutput<typeof HelperInviteSchema>;

const INVITE_INVALID = 'This helper link is invalid or has expired. Ask the club for a new one.';
/** POST /helpers/accept: the invitation link's token (from its fragment). */
export const HelperAcceptSchema = objectRequiring(
  { token: v.pipe(v.string(INVITE_INVALID), v.regex(/^[A-Za-z0-9_-]{43}$/, INVITE_INVALID)) },
  { token: INVITE_INVALID },
);

/** A helper's id in paths (a UUID). */
export const HelperIdSchema = v.pipe(v.string(n.helperNotFound), v.uuid(n.helperNotFound));
/** Path of one helper of a season. */
export const SeasonHelperParamsSchema = v.object({ id: SeasonIdSchema, helperId: HelperIdSchema });

/** Path `{seasonId}` of the check-in and evaluation routes. */
export const HelperSeasonParamsSchema = v.object({ seasonId: SeasonIdSchema });
/** Path `{seasonId}` and a registration `{id}` of the check-in routes. */
export const CheckinTryoutParamsSchema = v.object({ seasonId: SeasonIdSchema, id: TryoutIdSchema });

/** A registration's check-in code, as its QR code holds it (functions' lib/checkin-code.ts). */
export const CheckinCodeSchema = v.pipe(
  v.string(n.codeInvalid),
  v.regex(/^SBC1\.[A-Za-z0-9_-]{64}$/, n.codeInvalid),
);
/** Path of a check-in code's QR image. */
export const CheckinCodeParamsSchema = v.object({ code: CheckinCodeSchema });

/** POST /checkin/{seasonId}/tryouts/{id}: in or not, and the cash taken in the same tap. */
export const CheckinSchema = objectRequiring(
  {
    attended: v.boolean('Choose checked in or not.'),
    cash_collected: v.optional(v.boolean('Choose cash taken or not.')),
  },
  { attended: 'Choose checked in or not.' },
);
export type CheckinInput = v.InferOutput<typeof CheckinSchema>;

/** POST /checkin/{seasonId}/scan: what the camera read (a check-in code) or a typed tryout number. */
export const ScanSchema = objectRequiring(
  {
    code: v.pipe(
      v.string(n.codeInvalid),
      v.trim(),
      v.nonEmpty(n.codeInvalid),
      v.maxLength(200, n.codeInvalid),
    ),
  },
  { code: n.codeInvalid },
);

/** POST /checkin/{seasonId}/walk-ups: a family registering at the door, paying cash. */
export const WalkUpSchema = objectRequiring(
  {
    guardian: objectRequiring(
      {
        first_name: registrationFields.first_name,
        last_name: registrationFields.last_name,
        email: registrationFields.email,
        phone_number: registrationFields.phone_number,
      },
      {
        first_name: m.firstNameRequired,
        last_name: m.lastNameRequired,
        email: m.emailRequired,
        phone_number: m.phoneRequired,
      },
    ),
    athlete: objectRequiring(
      {
        first_name: registrationFields.first_name,
        last_name: registrationFields.last_name,
        date_of_birth: registrationFields.date_of_birth,
        division: v.picklist(DIVISIONS, m.divisionRequired),
        /** What the coaches should know (issue 42): optional, seen by administrators only. */
        medical_notes: athleteFields.medical_notes,
      },
      {
        first_name: m.firstNameRequired,
        last_name: m.lastNameRequired,
        date_of_birth: m.dateOfBirthRequired,
        division: m.divisionRequired,
      },
    ),
    /**
     * Who to call in an emergency (issue 42), when it is not the parent at the door; absent, the parent is.
     */
    emergency_contact: v.optional(
      objectRequiring(
        {
          name: registrationFields.emergency_contact_name,
          phone_number: registrationFields.emergency_contact_phone,
          email: registrationFields.emergency_contact_email,
          relationship: registrationFields.emergency_contact_relationship,
        },
        {
          name: m.contactNameRequired,
          phone_number: m.contactPhoneRequired,
          email: m.contactEmailRequired,
          relationship: m.relationshipRequired,
        },
      ),
    ),
    age_group: v.picklist(AGE_GROUPS, n.ageGroupRequired),
    payment_method: v.literal('cash', n.cashRequired),
    cash_collected: v.literal(true, n.cashRequired),
    /** The season's waiver, accepted on the helper's phone by the guardian typing their full name. */
    waiver_signed_name: v.optional(
      v.pipe(
        v.string(n.waiverNameRequired),
        v.trim(),
        v.nonEmpty(n.waiverNameRequired),
        v.maxLength(201, n.waiverNameRequired),
      ),
    ),
    photo_consent: v.optional(v.boolean('Invalid request.')),
  },
  {
    guardian: m.firstNameRequired,
    athlete: m.firstNameRequired,
    age_group: n.ageGroupRequired,
    payment_method: n.cashRequired,
    cash_collected: n.cashRequired,
  },
);
export type WalkUpInput = v.InferOutput<typeof WalkUpSchema>;

/** PUT /admin/seasons/{id}/criteria. */
export const CriteriaSchema = objectRequiring(
  {
    criteria: v.pipe(
      v.array(
        objectRequiring(
          {
            key: v.pipe(v.string(n.criterionKey), v.regex(/^[a-z0-9][a-z0-9-]{0,29}$/, n.criterionKey)),
            label: v.pipe(
              v.string(n.criterionLabel),
              v.trim(),
              v.nonEmpty(n.criterionLabel),
              v.maxLength(40, n.criterionLabel),
            ),
          },
          { key: n.criterionKey, label: n.criterionLabel },
        ),
        n.criteriaRequired,
      ),
      v.minLength(1, n.criteriaRequired),
      v.maxLength(MAX_CRITERIA, `A season can score at most ${MAX_CRITERIA} criteria.`),
      v.check((list) => new Set(list.map((c) => c.key)).size === list.length, n.criteriaTwice),
    ),
    scale_max: v.pipe(
      v.number(n.scaleMax),
      v.integer(n.scaleMax),
      v.minValue(MIN_SCALE_MAX, n.scaleMax),
      v.maxValue(MAX_SCALE_MAX, n.scaleMax),
    ),
  },
  { criteria: n.criteriaRequired, scale_max: n.scaleMax },
);
export type CriteriaInput = v.InferOutput<typeof CriteriaSchema>;

/** Query of the roster and the rankings: one age group. */
export const AgeGroupSchema = v.picklist(AGE_GROUPS, n.ageGroupRequired);
export const AgeGroupQuerySchema = v.object({ age_group: AgeGroupSchema }, () => n.ageGroupRequired);
/** Query of the rankings: one age group, as JSON or (the admin's download) a CSV file. */
export const RankingsQuerySchema = v.object(
  {
    age_group: AgeGroupSchema,
    format: v.optional(v.picklist(['json', 'csv'], 'Choose json or csv.'), 'json'),
  },
  () => n.ageGroupRequired,
);

/** A device's score: its own id (client_id) so a resend is the same score. */
const ScoreSchema = v.strictObject(
  {
    tryout_id: TryoutIdSchema,
    criterion: v.pipe(v.string(n.scoreInvalid), v.regex(/^[a-z0-9][a-z0-9-]{0,29}$/, n.scoreInvalid)),
    value: v.pipe(
      v.number(n.scoreInvalid),
      v.integer(n.scoreInvalid),
      v.minValue(1, n.scoreInvalid),
      v.maxValue(MAX_SCALE_MAX, n.scoreInvalid),
    ),
    note: v.optional(
      v.pipe(
        v.string(n.scoreInvalid),
        v.trim(),
        v.maxLength(MAX_SCORE_NOTE, `A note can be at most ${MAX_SCORE_NOTE} characters.`),
      ),
    ),
    scored_at: v.pipe(v.string(n.scoreInvalid), v.isoTimestamp(n.scoreInvalid)),
    client_id: v.pipe(v.string(n.scoreInvalid), v.regex(/^[A-Za-z0-9_-]{8,64}$/, n.scoreInvalid)),
  },
  () => n.scoreInvalid,
);

/** PUT /evaluate/{seasonId}/scores. */
export const ScoresSchema = objectRequiring(
  {
    scores: v.pipe(
      v.array(ScoreSchema, n.scoresRequired),
      v.minLength(1, n.scoresRequired),
      v.maxLength(MAX_SCORES_PER_BATCH, n.scoresTooMany),
    ),
  },
  { scores: n.scoresRequired },
);
export type ScoresInput = v.InferOutput<typeof ScoresSchema>;
