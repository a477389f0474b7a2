/**
 * The valibot schemas of every input the product accepts (spec §5), shared by the forms and the server,
 * so a message a family sees in the browser is the one the server would give.
 */
import * as v from 'valibot';
import {
  ADMIN_TRYOUT_PAGE_MAX,
  AGE_GROUPS,
  DIVISIONS,
  EMERGENCY_CONTACT_RELATIONSHIPS,
  MAX_SESSIONS,
  MAX_TRYOUT_FEE_CENTS,
  PAYMENT_METHODS,
  REFERENCE_YEARS,
  SESSION_KINDS,
  TRYOUT_RESULTS,
} from './constants';
import { isIsoDate, isMinor, todayInClubZone } from './dates';
import { isEmailAddress, MAX_EMAIL_LENGTH, normaliseEmail } from './email-address';
import { tryoutId } from './ids';
import { fieldMessages as m } from './messages';
import { OfferSettingsInputSchema } from './offer-schemas';
import { EtransferSettingsSchema } from './etransfer-schemas';
import { CapacitiesSchema, SpotHoldHoursSchema } from './waitlist';
import { missingPasswordRequirements, registrationPasswordMessage, resetPasswordMessage } from './password';

/** Bounds no honest value reaches; they keep oversized input out of the table and the mail. */
const MAX_NAME = 100;
/** A season's waiver or refund policy: a page of text. */
export const MAX_SEASON_TEXT = 5000;
const MAX_PASSWORD = 256;

/** Strips non-digits; valid when 10 digits remain, optionally led by a 1 (spec §5). */
export function isCanadianPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

const requiredText = (message: string, max = MAX_NAME) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));

/**
 * A person's name: letters of any script (with their combining marks and the zero-width joiners some scripts
 * need), spaces, apostrophes, hyphens and periods. Nothing else, so no control or direction-override
 * character, no digit, `@`, `:`, `/` or comma; and a period is never followed by two letters, so no host
 * name (evil.example, t.co) rides in a name into a mail. Zoë, O'Neil, Nguyễn, 李, A.J. and Jean-Luc pass.
 */
const PERSON_NAME = /^[\p{L}\p{M}'’ʼ.\- \u200C\u200D]+$/u;
export function isPersonName(name: string): boolean {
  return PERSON_NAME.test(name) && /\p{L}/u.test(name) && !/\.\p{L}{2}/u.test(name);
}

const personName = (requiredMessage: string, invalidMessage: string) =>
  v.pipe(requiredText(requiredMessage), v.check(isPersonName, invalidMessage));

const email = (requiredMessage: string) =>
  v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.check(isEmailAddress, m.emailInvalid),
    v.transform(normaliseEmail),
  );

/**
 * An address from outside the forms (SES events, configuration): the same rule, normalised, with no form
 * message.
 */
export const EmailAddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check(isEmailAddress),
  v.transform(normaliseEmail),
);

const phone = (requiredMessage: string) =>
  v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(30, m.phoneInvalid),
    v.check(isCanadianPhone, m.phoneInvalid),
  );

const passwordWith = (format: typeof registrationPasswordMessage) =>
  v.pipe(
    v.string(m.passwordRequired),
    v.nonEmpty(m.passwordRequired),
    v.maxLength(MAX_PASSWORD, m.passwordRequired),
    v.check(
      (pw) => missingPasswordRequirements(pw).length === 0,
      (issue) => format(missingPasswordRequirements(String(issue.input))),
    ),
  );

export const EmailSchema = email(m.emailRequired);
export const RegistrationPasswordSchema = passwordWith(registrationPasswordMessage);
export const ResetPasswordSchema = passwordWith(resetPasswordMessage);

export const DateOfBirthSchema = v.pipe(
  v.string(m.dateOfBirthRequired),
  v.trim(),
  v.nonEmpty(m.dateOfBirthRequired),
  v.check(isIsoDate, m.dateOfBirthInvalid),
  v.check((d) => d <= todayInClubZone(), m.dateOfBirthFuture),
);

/**
 * An object whose missing keys get their field's "required" message (valibot otherwise reports a missing
 * key as 'Invalid key: …', which is not a sentence a family should read from the server).
 */
export function objectRequiring<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  requiredMessages: { readonly [K in keyof TEntries]?: string },
) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    const message = typeof key === 'string' ? requiredMessages[key as keyof TEntries] : undefined;
    return message ?? 'Invalid request.';
  });
}

/**
 * Where a new account goes once its e-mail is verified, carried by its verification link (issue 36): a family
 * that followed "Register for tryouts" comes back to registration on whichever device opens the mail. Only
 * these pages, so a link can never send anyone elsewhere.
 */
export const SIGN_UP_RETURN_PATHS = ['/tryout'] as const;
const ReturnToSchema = v.optional(v.picklist(SIGN_UP_RETURN_PATHS, 'Invalid request.'));
/** A sign-up's fields and, beside them (not a field the family fills in), where its link returns to. */
const withReturnTo = <const T extends v.ObjectEntries>(fields: T) => ({
  ...fields,
  return_to: ReturnToSchema,
});

/** Each registration field on its own, for checks on blur. */
export const registrationFields = {
  first_name: personName(m.firstNameRequired, m.firstNameInvalid),
  last_name: personName(m.lastNameRequired, m.lastNameInvalid),
  email: EmailSchema,
  password: RegistrationPasswordSchema,
  date_of_birth: DateOfBirthSchema,
  phone_number: phone(m.phoneRequired),
  emergency_contact_name: personName(m.contactNameRequired, m.contactNameInvalid),
  emergency_contact_phone: phone(m.contactPhoneRequired),
  emergency_contact_email: email(m.contactEmailRequired),
  emergency_contact_relationship: v.picklist(EMERGENCY_CONTACT_RELATIONSHIPS, m.relationshipRequired),
  parent_consent: v.optional(v.boolean(m.parentConsentRequired), false),
};

/**
 * POST /auth/register. Parent consent is required only for a registrant under 18. A partial check runs as
 * soon as the birth date is valid, so the consent message shows beside other fields' messages (a plain
 * check would wait until every field is valid).
 */
export const RegistrationSchema = v.pipe(
  objectRequiring(withReturnTo(registrationFields), {
    first_name: m.firstNameRequired,
    last_name: m.lastNameRequired,
    email: m.emailRequired,
    password: m.passwordRequired,
    date_of_birth: m.dateOfBirthRequired,
    phone_number: m.phoneRequired,
    emergency_contact_name: m.contactNameRequired,
    emergency_contact_phone: m.contactPhoneRequired,
    emergency_contact_email: m.contactEmailRequired,
    emergency_contact_relationship: m.relationshipRequired,
  }),
  v.forward(
    v.partialCheck(
      [['date_of_birth'], ['parent_consent']],
      (r) => !isMinor(r.date_of_birth) || r.parent_consent,
      m.parentConsentRequired,
    ),
    ['parent_consent'],
  ),
);
export type RegistrationInput = v.InferInput<typeof RegistrationSchema>;
export type Registration = v.InferOutput<typeof RegistrationSchema>;

/** An athlete's own fields (issue 17): the registration form's rules and messages, no e-mail or password. */
export const athleteFields = {
  first_name: registrationFields.first_name,
  last_name: registrationFields.last_name,
  date_of_birth: registrationFields.date_of_birth,
  emergency_contact_name: registrationFields.emergency_contact_name,
  emergency_contact_phone: registrationFields.emergency_contact_phone,
  emergency_contact_email: registrationFields.emergency_contact_email,
  emergency_contact_relationship: registrationFields.emergency_contact_relationship,
  parent_consent: registrationFields.parent_consent,
  /** Which teams the athlete plays on (issue 36); asked once of athletes added before it was. */
  division: v.optional(v.picklist(DIVISIONS, m.divisionRequired)),
  /**
   * Conditions, allergies, medication the coaches should know (issue 36): optional, seen by administrators
   * only. An empty text removes them.
   */
  medical_notes: v.optional(
    v.pipe(v.string(m.medicalNotesTooLong), v.trim(), v.maxLength(500, m.medicalNotesTooLong)),
  ),
};

/** POST /household/athletes: a new athlete; consent (spec §4) is required for one under 18. */
export const AthleteSchema = v.pipe(
  objectRequiring(athleteFields, {
    first_name: m.firstNameRequired,
    last_name: m.lastNameRequired,
    date_of_birth: m.dateOfBirthRequired,
    emergency_contact_name: m.contactNameRequired,
    emergency_contact_phone: m.contactPhoneRequired,
    emergency_contact_email: m.contactEmailRequired,
    emergency_contact_relationship: m.relationshipRequired,
  }),
  v.forward(
    v.partialCheck(
      [['date_of_birth'], ['parent_consent']],
      (a) => !isMinor(a.date_of_birth) || a.parent_consent,
      m.parentConsentRequired,
    ),
    ['parent_consent'],
  ),
);
export type AthleteInput = v.InferOutput<typeof AthleteSchema>;

/**
 * PATCH /household/athletes/{id}: any of the athlete's fields. Consent is checked against the birth date the
 * athlete will have (the service, which knows the stored one).
 */
export const AthleteUpdateSchema = v.pipe(
  v.partial(v.object(athleteFields, () => 'Invalid request.')),
  v.check((a) => Object.keys(a).length > 0, 'Nothing to change.'),
);
export type AthleteUpdate = v.InferOutput<typeof AthleteUpdateSchema>;

/** POST /household/guardians: the address to invite. */
export const InviteGuardianSchema = objectRequiring({ email: EmailSchema }, { email: m.emailRequired });

/** POST /household/guardians/accept: the invitation link's token (from its fragment). */
export const AcceptInviteSchema = objectRequiring(
  {
    token: v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is invalid or has expired. Ask for a new one.'),
    ),
  },
  { token: 'This invitation link is invalid or has expired. Ask for a new one.' },
);

/** A parent's or guardian's sign-up (issue 17): no birth date or emergency contact (those are each athlete's). */
export const guardianRegistrationFields = {
  account_type: v.literal('guardian'),
  first_name: registrationFields.first_name,
  last_name: registrationFields.last_name,
  email: registrationFields.email,
  password: registrationFields.password,
  phone_number: registrationFields.phone_number,
  is_adult: v.literal(true, m.guardianMustBeAdult),
};

export const GuardianRegistrationSchema = objectRequiring(withReturnTo(guardianRegistrationFields), {
  first_name: m.firstNameRequired,
  last_name: m.lastNameRequired,
  email: m.emailRequired,
  password: m.passwordRequired,
  phone_number: m.phoneRequired,
  is_adult: m.guardianMustBeAdult,
});
export type GuardianRegistration = v.InferOutput<typeof GuardianRegistrationSchema>;
export type GuardianRegistrationInput = v.InferInput<typeof GuardianRegistrationSchema>;

/**
 * POST /auth/register: `"account_type": "guardian"` signs up a parent or guardian; anything else (absent, or
 * "player") is the spec's player sign-up, unchanged, with its own messages.
 */
export const AccountRegistrationSchema = v.lazy((input) =>
  typeof input === 'object' &&
  input !== null &&
  (input as { account_type?: unknown }).account_type === 'guardian'
    ? GuardianRegistrationSchema
    : RegistrationSchema,
);

/** POST /auth/login. Only presence is checked: a wrong shape is just a failed login. */
export const LoginSchema = objectRequiring(
  {
    email: v.pipe(
      v.string(m.emailRequired),
      v.trim(),
      v.nonEmpty(m.emailRequired),
      v.maxLength(MAX_EMAIL_LENGTH),
      v.transform(normaliseEmail),
    ),
    password: v.pipe(v.string(m.passwordRequired), v.nonEmpty(m.passwordRequired), v.maxLength(MAX_PASSWORD)),
    /**
     * The sign-in code mailed to the account once its sign-ins were limited (issue 34): with the right
     * password it lets the owner in from any address, however many failures an attacker caused.
     */
    code: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, m.signInCodeInvalid))),
  },
  { email: m.emailRequired, password: m.passwordRequired },
);
export type LoginInput = v.InferOutput<typeof LoginSchema>;

/** POST /auth/forgot-password and /auth/resend-verification: an e-mail, trimmed. */
export const EmailOnlySchema = objectRequiring({ email: EmailSchema }, { email: m.emailRequired });
export type EmailOnlyInput = v.InferOutput<typeof EmailOnlySchema>;
/** POST /auth/resend-verification: the address, and where the new link returns to (issue 36). */
export const ResendVerificationSchema = objectRequiring(
  { email: EmailSchema, return_to: ReturnToSchema },
  { email: m.emailRequired },
);
export type ResendVerificationInput = v.InferOutput<typeof ResendVerificationSchema>;

/** The reset form also asks for the password twice. */
export const ResetPasswordFormSchema = v.pipe(
  objectRequiring(
    {
      password: ResetPasswordSchema,
      confirm_password: v.pipe(v.string(m.confirmPasswordRequired), v.nonEmpty(m.confirmPasswordRequired)),
    },
    { password: m.passwordRequired, confirm_password: m.confirmPasswordRequired },
  ),
  // Runs once the confirmation is filled in, even while the password itself is still too weak.
  v.forward(
    v.partialCheck(
      [['confirm_password']],
      // The whole form reaches the check; only the confirmation has to be valid for it to run.
      (f) => (f as { password?: unknown }).password === f.confirm_password,
      m.passwordsDoNotMatch,
    ),
    ['confirm_password'],
  ),
);

/** PATCH /account (issue 18): the account holder's name and phone; what is left out stays as it is. */
export const UpdateAccountSchema = v.strictObject(
  {
    first_name: v.optional(registrationFields.first_name),
    last_name: v.optional(registrationFields.last_name),
    phone_number: v.optional(registrationFields.phone_number),
  },
  m.accountFieldsOnly,
);
export type UpdateAccountInput = v.InferOutput<typeof UpdateAccountSchema>;

/** A receipt (issue 36): a printable page unless a PDF is asked for. */
export const ReceiptQuerySchema = v.object({
  format: v.optional(v.picklist(['html', 'pdf'], 'Choose html or pdf.'), 'html'),
});

/** GET /account/export (issue 19): JSON unless a readable page is asked for. */
export const ExportQuerySchema = v.object({
  format: v.optional(v.picklist(['json', 'html'], 'Choose json or html.'), 'json'),
});

/** The password the account has now, asked before a change of password or e-mail (only presence checked). */
const CurrentPasswordSchema = v.pipe(
  v.string(m.currentPasswordRequired),
  v.nonEmpty(m.currentPasswordRequired),
  v.maxLength(MAX_PASSWORD, m.currentPasswordWrong),
);

/** DELETE /account (issue 19): the account's password, asked again before anything is deleted. */
export const DeleteAccountSchema = objectRequiring(
  { password: CurrentPasswordSchema },
  { password: m.currentPasswordRequired },
);
export type DeleteAccountInput = v.InferOutput<typeof DeleteAccountSchema>;

/** POST /auth/change-password (issue 18): the current password, and the new one under the sign-up rules. */
export const ChangePasswordSchema = objectRequiring(
  { current_password: CurrentPasswordSchema, new_password: ResetPasswordSchema },
  { current_password: m.currentPasswordRequired, new_password: m.passwordRequired },
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

/** POST /account/email (issue 18): the new address, and the current password. */
export const ChangeEmailSchema = objectRequiring(
  { email: EmailSchema, current_password: CurrentPasswordSchema },
  { email: m.emailRequired, current_password: m.currentPasswordRequired },
);
export type ChangeEmailInput = v.InferOutput<typeof ChangeEmailSchema>;

/** What a missing or malformed one-time token is told. */
const LINK_INVALID = 'Invalid or expired link.';

/** One-time tokens (verification, reset) are 32 random bytes, base64url. */
export const OneTimeTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, LINK_INVALID));

/**
 * POST /auth/reset-password: the link's token and the new password. The token travels in the body, never in
 * a URL: the mail's link carries it in the fragment (/reset-password#<token>), which browsers never send, so
 * no CDN or API access log, and no Referer header, ever holds it.
 */
export const ResetPasswordBodySchema = objectRequiring(
  { token: OneTimeTokenSchema, password: ResetPasswordSchema },
  { token: LINK_INVALID, password: m.passwordRequired },
);

/** POST /auth/verify-email: the token of the mail's link (/verify-email#<token>), in the body for the same reason. */
export const VerifyEmailBodySchema = objectRequiring({ token: OneTimeTokenSchema }, { token: LINK_INVALID });
/** POST /auth/confirm-email-change: the token of the link mailed to the new address. */
export const ConfirmEmailChangeSchema = VerifyEmailBodySchema;

/**
 * POST /tryouts/register: the payment method and age group, nothing else. Any other key is refused rather
 * than ignored: the fee is the season's, so a body that names an amount (or anything else) was not sent by
 * the form and is answered with a clear 400, not quietly charged the real fee.
 */
export const TryoutRegistrationSchema = v.pipe(
  v.strictObject(
    {
      payment_method: v.picklist(PAYMENT_METHODS, m.tryoutChoiceRequired),
      /** The account holder's own athlete (spec §7). */
      age_group: v.optional(v.picklist(AGE_GROUPS, m.tryoutChoiceRequired)),
      /** Athletes of the caller's household, each with its age group (issue 17). */
      registrations: v.optional(
        v.pipe(
          v.array(
            v.strictObject(
              {
                athlete_id: v.pipe(v.string(m.athletesRequired), v.uuid(m.athletesRequired)),
                age_group: v.picklist(AGE_GROUPS, m.tryoutChoiceRequired),
                /** The club may use photos and video of this athlete this season (issue 36). */
                photo_consent: v.optional(v.boolean('Invalid request.')),
              },
              () => m.tryoutChoiceRequired,
            ),
            m.athletesRequired,
          ),
          v.minLength(1, m.athletesRequired),
          v.maxLength(12, m.athletesRequired),
          v.check((list) => new Set(list.map((r) => r.athlete_id)).size === list.length, m.athleteTwice),
        ),
      ),
      /** The account holder's own photo consent (issue 36); a household's is per registration. */
      photo_consent: v.optional(v.boolean('Invalid request.')),
      /** The season's waiver, accepted by typing the account holder's full name (issue 36). */
      waiver: v.optional(
        v.strictObject(
          {
            version: v.pipe(
              v.number(m.waiverRequired),
              v.integer(m.waiverRequired),
              v.minValue(1, m.waiverRequired),
            ),
            signed_name: v.pipe(
              v.string(m.waiverRequired),
              v.trim(),
              v.nonEmpty(m.waiverRequired),
              v.maxLength(2 * MAX_NAME + 1, m.waiverRequired),
            ),
          },
          () => m.waiverRequired,
        ),
      ),
      /** "Ask about financial support" (issue 36): the club sees the request and may lower the fee. */
      financial_support: v.optional(v.boolean('Invalid request.')),
    },
    (issue) => {
      const key = issue.path?.[0]?.key;
      if (key === 'payment_method' || key === 'age_group') return m.tryoutChoiceRequired;
      return typeof key === 'string' ? `Unexpected field: ${key.slice(0, 40)}.` : 'Invalid request.';
    },
  ),
  // One or the other: the account holder's own age group, or the household's athletes; the message sits on
  // the age group, where the form shows it.
  v.forward(
    v.partialCheck(
      [['age_group'], ['registrations']],
      (r) => (r.age_group === undefined) !== (r.registrations === undefined),
      m.tryoutChoiceRequired,
    ),
    ['age_group'],
  ),
);
export type TryoutRegistrationInput = v.InferOutput<typeof TryoutRegistrationSchema>;

/**
 * PATCH /tryouts/my: what a family may change of its own registration. Only a switch to cash (an abandoned
 * card payment, paid on the day instead); anything else is refused with a clear 400.
 */
export const SwitchToCashSchema = v.strictObject(
  { payment_method: v.literal('cash', m.switchToCashOnly) },
  (issue) => {
    const key = issue.path?.[0]?.key;
    if (key === 'payment_method' || key === undefined) return m.switchToCashOnly;
    return typeof key === 'string' ? `Unexpected field: ${key.slice(0, 40)}.` : 'Invalid request.';
  },
);
export type SwitchToCashInput = v.InferOutput<typeof SwitchToCashSchema>;

/** A Stripe Checkout Session id as Stripe (and the local stand-in) makes them: cs_test_… or cs_live_…. */
export const CheckoutSessionIdSchema = v.pipe(
  v.string('Payment not found.'),
  v.regex(/^cs_(?:test|live)_[A-Za-z0-9]{8,200}$/, 'Payment not found.'),
);

/** GET /payments/confirm?session_id=…: the id Stripe put in the success URL. */
export const ConfirmPaymentQuerySchema = v.object(
  { session_id: CheckoutSessionIdSchema },
  () => 'Payment not found.',
);

/** The signed key a confirmation mail's calendar link carries (a JWT: three base64url parts). */
export const CalendarKeySchema = v.pipe(
  v.string(m.calendarLinkInvalid),
  v.maxLength(2000, m.calendarLinkInvalid),
  v.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, m.calendarLinkInvalid),
);

/** GET /tryouts/calendar.ics?key=… */
export const CalendarLinkQuerySchema = v.object({ key: CalendarKeySchema }, () => m.calendarLinkInvalid);

const SeasonNameSchema = v.pipe(
  v.string(m.seasonNameRequired),
  v.trim(),
  v.nonEmpty(m.seasonNameRequired),
  v.maxLength(MAX_NAME, m.seasonNameRequired),
);

/** A season's tryout fee in integer cents of CAD: $0.00 (free, no card step) to $1,000.00. */
export const TryoutFeeCentsSchema = v.pipe(
  v.number(m.tryoutFeeInvalid),
  v.integer(m.tryoutFeeInvalid),
  v.minValue(0, m.tryoutFeeInvalid),
  v.maxValue(MAX_TRYOUT_FEE_CENTS, m.tryoutFeeInvalid),
);

/** A season's fee for each further athlete of a household (issue 17), in integer cents of CAD. */
export const SiblingFeeCentsSchema = v.pipe(
  v.number(m.siblingFeeInvalid),
  v.integer(m.siblingFeeInvalid),
  v.minValue(0, m.siblingFeeInvalid),
  v.maxValue(MAX_TRYOUT_FEE_CENTS, m.siblingFeeInvalid),
);

/** The year a season's age groups count from. */
export const ReferenceYearSchema = v.pipe(
  v.number(m.referenceYearInvalid),
  v.integer(m.referenceYearInvalid),
  v.minValue(REFERENCE_YEARS.min, m.referenceYearInvalid),
  v.maxValue(REFERENCE_YEARS.max, m.referenceYearInvalid),
);

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;

/** A wall-clock time in the club's zone, `YYYY-MM-DDTHH:MM` (a real calendar day, a 24-hour time). */
export function isLocalDateTime(value: string): boolean {
  const m = LOCAL_DATE_TIME.exec(value);
  return m !== null && isIsoDate(m[1]!);
}

const MAX_PLACE = 160;

/** One session of a season (types.ts TryoutSession). Times are Edmonton local; it must end after it starts. */
export const TryoutSessionSchema = v.pipe(
  v.object({
    /** A session already saved keeps its id (issue 36); a new one has none. Its sequence is the server's. */
    id: v.optional(v.pipe(v.string('Invalid request.'), v.uuid('Invalid request.'))),
    kind: v.optional(v.picklist(SESSION_KINDS, m.sessionKindInvalid), 'tryout'),
    age_groups: v.pipe(
      v.array(v.picklist(AGE_GROUPS, m.sessionAgeGroupsRequired), m.sessionAgeGroupsRequired),
      v.minLength(1, m.sessionAgeGroupsRequired),
      v.check((groups) => new Set(groups).size === groups.length, m.sessionAgeGroupsRequired),
    ),
    starts_at: v.pipe(v.string(m.sessionStartInvalid), v.check(isLocalDateTime, m.sessionStartInvalid)),
    ends_at: v.pipe(v.string(m.sessionEndInvalid), v.check(isLocalDateTime, m.sessionEndInvalid)),
    location: v.pipe(
      v.string(m.sessionLocationRequired),
      v.trim(),
      v.nonEmpty(m.sessionLocationRequired),
      v.maxLength(MAX_PLACE, m.sessionLocationRequired),
    ),
    address: v.pipe(
      v.string(m.sessionAddressRequired),
      v.trim(),
      v.nonEmpty(m.sessionAddressRequired),
      v.maxLength(MAX_PLACE, m.sessionAddressRequired),
    ),
  }),
  v.forward(
    v.check((session) => session.ends_at > session.starts_at, m.sessionEndsBeforeStart),
    ['ends_at'],
  ),
);

export const SessionsSchema = v.pipe(
  v.array(TryoutSessionSchema, m.tooManySessions),
  v.maxLength(MAX_SESSIONS, m.tooManySessions),
);

/**
 * POST /admin/seasons: its name, and optionally its fee and age year (defaults: the previous season's fee;
 * the year the name names, else this year in Edmonton).
 */
export const NewSeasonSchema = objectRequiring(
  {
    name: SeasonNameSchema,
    tryout_fee_cents: v.optional(TryoutFeeCentsSchema),
    sibling_fee_cents: v.optional(SiblingFeeCentsSchema),
    reference_year: v.optional(ReferenceYearSchema),
  },
  { name: m.seasonNameRequired },
);
export type NewSeasonInput = v.InferOutput<typeof NewSeasonSchema>;

/** PATCH /admin/seasons/{id}: any of the season's settings; what is left out stays as it is. */
export const UpdateSeasonSchema = v.object({
  name: v.optional(SeasonNameSchema),
  tryout_fee_cents: v.optional(TryoutFeeCentsSchema),
  sibling_fee_cents: v.optional(SiblingFeeCentsSchema),
  reference_year: v.optional(ReferenceYearSchema),
  sessions: v.optional(SessionsSchema),
  /** The waiver families accept when registering, '' for none (issue 36). */
  waiver_text: v.optional(
    v.pipe(v.string(m.waiverTextTooLong), v.trim(), v.maxLength(MAX_SEASON_TEXT, m.waiverTextTooLong)),
  ),
  /** What the club says about refunds, shown before a family withdraws, '' for nothing (issue 36). */
  refund_policy: v.optional(
    v.pipe(v.string(m.refundPolicyTooLong), v.trim(), v.maxLength(MAX_SEASON_TEXT, m.refundPolicyTooLong)),
  ),
  /** The day registration is planned to open, or '' to say nothing (issue 18). */
  registration_opens_on: v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.check(isIsoDate, m.registrationOpensOnInvalid))],
      m.registrationOpensOnInvalid,
    ),
  ),
  /** Offers with a deadline (issue 45): on or off, the time to respond, alternates offered by themselves. */
  offers: v.optional(OfferSettingsInputSchema),
  /** Capacity per age group (issue 45 §1), the whole map: a group left out has no limit. */
  capacities: v.optional(CapacitiesSchema),
  /** How long a freed spot is held for the first family on the waitlist (hours). */
  spot_hold_hours: v.optional(SpotHoldHoursSchema),
  /** Interac e-Transfer (issue 46): on with the club's address, or off. */
  etransfer: v.optional(EtransferSettingsSchema),
});
export type UpdateSeasonInput = v.InferOutput<typeof UpdateSeasonSchema>;

/** PATCH /admin/seasons/{id}/registration. */
export const RegistrationToggleSchema = v.object({ open: v.boolean('Choose open or closed.') });
/** PATCH /admin/tryouts/{id}/attended. */
export const AttendedSchema = v.object({ attended: v.boolean('Choose attended or not.') });
/** PATCH /admin/tryouts/{id}/selection: an empty result puts it back to pending. */
export const SelectionSchema = v.object({
  tryout_id: v.optional(v.string()),
  result: v.union([v.picklist(TRYOUT_RESULTS), v.literal('')], 'Choose Pending, Selected or Not Selected.'),
});
/** PATCH /admin/tryouts/{id}/fee (issue 36): the fee the club sets for an unpaid registration, 0 or more. */
export const TryoutFeeSchema = objectRequiring(
  {
    amount_cents: v.pipe(
      v.number(m.feeSetInvalid),
      v.integer(m.feeSetInvalid),
      v.minValue(0, m.feeSetInvalid),
      v.maxValue(MAX_TRYOUT_FEE_CENTS, m.feeSetInvalid),
    ),
  },
  { amount_cents: m.feeSetInvalid },
);
/** PATCH /admin/tryouts/{id}/cash: the admin collected (or, correcting a slip, had not collected) the cash. */
export const CashCollectedSchema = v.object({ collected: v.boolean('Choose collected or not.') });

/**
 * POST /admin/tryouts/{id}/refund: how much (cents; left out = all that is left of what was paid), why, and
 * the key the screen made once for the refund the admin means, so a double click or a retry refunds once.
 */
export const RefundSchema = objectRequiring(
  {
    amount_cents: v.optional(
      v.pipe(
        v.number(m.refundAmountInvalid),
        v.integer(m.refundAmountInvalid),
        v.minValue(1, m.refundAmountInvalid),
        v.maxValue(MAX_TRYOUT_FEE_CENTS, m.refundAmountInvalid),
      ),
    ),
    reason: v.pipe(
      v.string(m.refundReasonRequired),
      v.trim(),
      v.nonEmpty(m.refundReasonRequired),
      v.maxLength(200, m.refundReasonRequired),
    ),
    idempotency_key: v.pipe(
      v.string(m.refundKeyInvalid),
      v.regex(/^[A-Za-z0-9_-]{8,64}$/, m.refundKeyInvalid),
    ),
  },
  { reason: m.refundReasonRequired, idempotency_key: m.refundKeyInvalid },
);
export type RefundInput = v.InferOutput<typeof RefundSchema>;

/** A TeamSnap (or other team app) link: https only, so a result mail never carries a script or plain-http link. */
export const TeamLinkSchema = v.pipe(
  v.string(m.teamLinkInvalid),
  v.trim(),
  v.maxLength(500, m.teamLinkInvalid),
  v.url(m.teamLinkInvalid),
  v.startsWith('https://', m.teamLinkInvalid),
);
/** PUT /admin/seasons/{id}/team-links: one age group's link; an empty url removes it. */
export const TeamLinkInputSchema = v.object({
  age_group: v.picklist(AGE_GROUPS, 'Choose an age group.'),
  url: v.union([v.literal(''), TeamLinkSchema], m.teamLinkInvalid),
});

/** A season's id in paths and queries (a UUID). */
export const SeasonIdSchema = v.pipe(v.string('Not found.'), v.uuid('Not found.'));
/** An athlete's id in household paths (an account's own athlete has the account's id). */
export const AthleteIdSchema = v.pipe(
  v.string('That athlete is not in your household.'),
  v.uuid('That athlete is not in your household.'),
);
/** A household invitation's id in paths (its token's SHA-256, hex): no link can be made from it (issue 36). */
export const InviteIdSchema = v.pipe(
  v.string('That invitation is no longer waiting.'),
  v.regex(/^[0-9a-f]{64}$/, 'That invitation is no longer waiting.'),
);
/** Path `{id}` of a household invitation. */
export const InviteParamsSchema = v.object({ id: InviteIdSchema });
/** Path `{id}` of an athlete. */
export const AthleteParamsSchema = v.object({ id: AthleteIdSchema });

/** A registration's public id in admin paths: `<seasonId>.<playerId>` (ids.ts). */
export const TryoutIdSchema = v.pipe(
  v.string('Registration not found.'),
  v.regex(tryoutId.pattern, 'Registration not found.'),
);
/** Path `{id}` of a season. */
export const SeasonParamsSchema = v.object({ id: SeasonIdSchema });
/** Path `{seasonId}` of send-results. */
/** A season under `/admin/tryouts/{seasonId}/…`, where `{id}` would name a registration (routes.ts). */
export const SeasonOfTryoutsParamsSchema = v.object({ seasonId: SeasonIdSchema });
/** Path `{id}` of a registration. */
export const TryoutParamsSchema = v.object({ id: TryoutIdSchema });
/** Path `{tryoutId}` of a registration's e-Transfer (issue 46). */
export const EtransferTryoutParamsSchema = v.object({ tryoutId: TryoutIdSchema });
/** Query `?season_id=` of the admin tryout list and its CSV export. */
export const SeasonQuerySchema = v.object({ season_id: SeasonIdSchema });
/**
 * Query of GET /admin/tryouts/page (issue 43): the season, where the last page ended (the `next_cursor` that
 * page answered, opaque to the caller) and how many rows at most (1 to ADMIN_TRYOUT_PAGE_MAX).
 */
export const TryoutPageQuerySchema = v.object({
  season_id: SeasonIdSchema,
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid request.'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'Invalid request.'),
      v.transform(Number),
      v.minValue(1, 'Invalid request.'),
      v.maxValue(ADMIN_TRYOUT_PAGE_MAX, 'Invalid request.'),
    ),
  ),
});
/**
 * Query of the CSV export: the season, and (issue 36) whether the athletes' medical notes go in it, which
 * they never do unless the admin asks.
 */
export const TryoutExportQuerySchema = v.object({
  season_id: SeasonIdSchema,
  medical_notes: v.optional(v.picklist(['include'], 'Invalid request.')),
});
/**
 * Query of POST /admin/tryouts/{seasonId}/send-results (issue 42): `sessions_ahead=send` confirms mailing
 * results to groups that still have a tryout session ahead; without it such a send is refused (409).
 */
export const SendResultsQuerySchema = v.object({
  sessions_ahead: v.optional(v.picklist(['send'], 'Invalid request.')),
});
/** Query of GET /admin/audit (issue 19): a season's entries, or one registration's (`tryout_id`). */
export const AuditQuerySchema = v.object({
  season_id: SeasonIdSchema,
  tryout_id: v.optional(TryoutIdSchema),
});

/**
 * Validates a whole object and returns the first message per field (empty when valid),
 * the shape a form shows beside its fields.
 */
export function fieldErrors<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
): Partial<Record<string, string>> {
  const result = v.safeParse(schema, value);
  if (result.success) return {};
  const nested = v.flatten(result.issues).nested ?? {};
  const errors: Partial<Record<string, string>> = {};
  for (const [key, messages] of Object.entries(nested)) {
    if (messages && messages[0]) errors[key] = messages[0];
  }
  const root = v.flatten(result.issues).root;
  if (root?.[0]) errors._root = root[0];
  return errors;
}
