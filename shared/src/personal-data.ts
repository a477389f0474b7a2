/**
 * Every kind of record that holds people's data, declared once (issue 44, docs/decisions/0069): each field
 * with its label, whether it is personal, what it becomes when its person is deleted or its season passes
 * retention, whether it is in the admin CSV (and under which header) and in the member's export. From it:
 * /privacy's list (privacy-fields.ts), the anonymising writes of account deletion, athlete removal and
 * retention (functions db/privacy/anonymise.ts), what the export leaves out, and the admin CSV's headers
 * (services/registration/admin-table.ts). Adding a personal field is one line here, plus the screens that
 * show it. Offers, rosters and payment plans join as records of their own.
 *
 * Plain data only: the public /privacy page imports it, so it imports nothing (no schemas, no routes).
 */

/**
 * What a field becomes on a record that is kept without identity: gone ('remove'), as it was ('keep'), or
 * a stated value (`{ replace }`), for a field every screen expects to find.
 */
export type Anonymised = 'remove' | 'keep' | { readonly replace: string | boolean | readonly never[] };

export interface DeclaredField {
  /** The attribute's name as the table stores it. */
  readonly field: string;
  /** The form's name for it, when the form calls it otherwise (what /privacy's list is checked against). */
  readonly asked?: string;
  /** How /privacy names it. */
  readonly label: string;
  /** About the person (name, contact, health, words written about them); false: the club's own record. */
  readonly personal: boolean;
  /** On a record kept for the club's records once its person is deleted or its season passes retention. */
  readonly anonymised: Anonymised;
  /** Whose it is, on a record about two people (a score: the athlete's note, the evaluator's name). */
  readonly whose?: 'athlete' | 'helper';
  /** Its column's header in the admin CSV; absent: not in the file. */
  readonly csv?: string;
  /** In the member's export (the JSON copy and the readable page); false: a secret, never handed out. */
  readonly exported: boolean;
}

export type RecordKind =
  | 'account'
  | 'athlete'
  | 'registration'
  | 'waiting-registration'
  | 'waitlist-entry'
  | 'household'
  | 'helper'
  | 'scores'
  | 'refund'
  | 'offer'
  | 'instalment'
  | 'etransfer-line';

export interface PersonalRecord {
  readonly kind: RecordKind;
  /** /privacy's heading for it. */
  readonly title: string;
  readonly seenBy: string;
  readonly kept: string;
  /**
   * When its person goes: the item is deleted whole ('delete'), or it stays for the club's records with each
   * field as `anonymised` says ('anonymise').
   */
  readonly onDeletion: 'delete' | 'anonymise';
  readonly fields: readonly DeclaredField[];
}

/** Names kept on a registration without identity, so every screen reads the row as before. */
export const DELETED_FIRST_NAME = 'Deleted';
export const DELETED_LAST_NAME = 'member';
/** How an evaluator whose account is deleted reads on the rankings: their scores still count. */
export const FORMER_EVALUATOR = 'Former evaluator';
/** What a refund's reason reads once the member it was about is deleted. */
export const REMOVED_REFUND_REASON = 'Reason removed with the member’s data';

/** A field that goes with its person, whole. */
const gone = (field: string, label: string, more: Partial<DeclaredField> = {}): DeclaredField => ({
  field,
  label,
  personal: true,
  anonymised: 'remove',
  exported: true,
  ...more,
});

/** The club's own record of a person (kept without identity). */
const kept = (field: string, label: string, more: Partial<DeclaredField> = {}): DeclaredField => ({
  field,
  label,
  personal: false,
  anonymised: 'keep',
  exported: true,
  ...more,
});

/** A personal field that stays as an empty value, so screens find it. */
const emptied = (field: string, label: string, more: Partial<DeclaredField> = {}): DeclaredField =>
  gone(field, label, { anonymised: { replace: '' }, ...more });

export const PERSONAL_DATA: readonly PersonalRecord[] = [
  {
    kind: 'account',
    title: 'Your account (a player’s, or a parent’s or guardian’s)',
    onDeletion: 'delete',
    seenBy: 'You and the other parents or guardians of your household; the club’s tryout administrators.',
    kept: 'While you use it; unused for {months} months, it is deleted 30 days after we e-mail you. You can delete it at any time from your account page.',
    fields: [
      gone('first_name', 'First name'),
      gone('last_name', 'Last name'),
      gone('email', 'E-mail address'),
      gone('phone_number', 'Phone number'),
      gone('passwordHash', 'Password, only as a one-way hash', { asked: 'password', exported: false }),
      gone('account_type', 'Whether it is a player’s or a parent’s or guardian’s account', {
        personal: false,
      }),
      gone('pendingEmail', 'A new e-mail address, until you confirm it'),
      gone('pendingEmailTokenHash', 'The link that confirms a new address, only as a one-way hash', {
        personal: false,
        exported: false,
      }),
      gone('token_keys', 'The links we e-mailed you or your invitations, only as one-way hashes', {
        personal: false,
        exported: false,
      }),
      gone('token_hashes', 'The same links’ older list, only as one-way hashes', {
        personal: false,
        exported: false,
      }),
    ],
  },
  {
    kind: 'athlete',
    title: 'Each athlete (the player, or each child a parent adds)',
    onDeletion: 'delete',
    seenBy: 'The household’s parents or guardians; the club’s tryout administrators.',
    kept: 'While the household has a parent or guardian, or until the account is deleted.',
    fields: [
      gone('first_name', 'First name'),
      gone('last_name', 'Last name'),
      gone('date_of_birth', 'Date of birth'),
      gone('emergency_contact_name', 'Emergency contact’s name'),
      gone('emergency_contact_phone', 'Emergency contact’s phone number'),
      gone('emergency_contact_email', 'Emergency contact’s e-mail address'),
      gone('emergency_contact_relationship', 'Emergency contact’s relationship to the athlete'),
      gone(
        'medical_notes',
        'Medical notes, if you give them (conditions, allergies, medication): seen only by the club’s administrators, never in a spreadsheet unless an administrator asks for them',
      ),
      gone(
        'division',
        'Which of the club’s teams the athlete plays on (boys’ or girls’), to offer only the groups that fit',
      ),
      gone(
        'parent_consent',
        'For an athlete under 18, a parent’s or guardian’s consent: who gave it, when, and to which notice',
      ),
    ],
  },
  {
    kind: 'registration',
    title: 'Each tryout registration',
    onDeletion: 'anonymise',
    seenBy: 'The household’s parents or guardians; the club’s tryout administrators and coaches.',
    kept: 'For the season and {months} months after its last session, or until the account is deleted; then only the number, group, result and payments stay, without a name.',
    fields: [
      kept('player_id', 'Which athlete', { asked: 'athlete_id' }),
      kept('tryout_number', 'Tryout number', { csv: 'Tryout number' }),
      emptied('first_name', 'The athlete’s first name', {
        anonymised: { replace: DELETED_FIRST_NAME },
        csv: 'First name',
      }),
      emptied('last_name', 'The athlete’s last name', {
        anonymised: { replace: DELETED_LAST_NAME },
        csv: 'Last name',
      }),
      kept('age_group', 'Season and age group', { csv: 'Age group' }),
      kept(
        'payment_method',
        'Cash or card, what was paid and refunded, and the card processor’s payment references',
        {
          csv: 'Payment',
        },
      ),
      kept('attended', 'Attendance, the selection result and whether the result was e-mailed', {
        csv: 'Attended',
      }),
      kept('result', 'The selection result', { csv: 'Result' }),
      emptied('date_of_birth', 'The athlete’s date of birth', { csv: 'Date of birth' }),
      kept('is_under_18', 'Whether the athlete was under 18', { csv: 'Under 18' }),
      kept('parent_consent', 'Whether a parent or guardian consented', { csv: 'Parent consent' }),
      emptied('email', 'The e-mail address of the account that registered', { csv: 'Player email' }),
      emptied('phone_number', 'The phone number of the account that registered', { csv: 'Phone' }),
      emptied('emergency_contact_name', 'The emergency contact’s name', { csv: 'Emergency contact' }),
      emptied('emergency_contact_phone', 'The emergency contact’s phone number', { csv: 'Emergency phone' }),
      emptied('emergency_contact_relationship', 'The emergency contact’s relationship to the athlete', {
        anonymised: { replace: 'other' },
        csv: 'Relationship',
      }),
      emptied('emergency_contact_email', 'The emergency contact’s e-mail address', {
        csv: 'Emergency email',
      }),
      gone('guardians', 'The family’s parents or guardians: names, e-mail addresses and phone numbers', {
        anonymised: { replace: [] },
        csv: 'Guardians',
      }),
      gone('medical_notes', 'The athlete’s medical notes, if given', { csv: 'Medical notes' }),
      gone(
        'waiver',
        'The season’s waiver as accepted: which version, the full name typed, when and by which account',
      ),
      gone('withdrawn_by', 'Who withdrew the registration, by name'),
      emptied('user_id', 'Which account registered the athlete', { personal: false }),
      kept('photo_consent', 'Whether the club may use photos and video of the athlete that season'),
      kept(
        'financial_support_requested',
        'Whether the family asked about financial support, and the fee the club set for it',
        {
          asked: 'financial_support',
        },
      ),
    ],
  },
  {
    kind: 'waiting-registration',
    title: 'A registration waiting for its tryout number',
    onDeletion: 'delete',
    seenBy: 'No one: it becomes the registration within moments.',
    kept: 'Moments, until the registration is given its tryout number; deleted with the account.',
    fields: [gone('tryout', 'The registration’s details, as above, until its number is given')],
  },
  {
    kind: 'waitlist-entry',
    title: 'A registration on a full age group’s waitlist',
    onDeletion: 'delete',
    seenBy: 'The family; the club’s tryout administrators (name, and since when).',
    kept: 'Until a spot is taken (it becomes the registration), the family leaves the waitlist or a held spot lapses, or the season passes retention; deleted with the account.',
    fields: [gone('tryout', 'The registration’s details, as above, while it waits for a spot')],
  },
  {
    kind: 'household',
    title: 'Your family',
    onDeletion: 'delete',
    seenBy: 'The family’s parents or guardians; the club’s tryout administrators.',
    kept: 'While the family has a parent or guardian; an invitation until it is accepted, cancelled or ends.',
    fields: [
      kept('user_id', 'Which accounts are the family’s parents or guardians, and since when'),
      gone('email', 'The e-mail address of someone invited to join the family, until they answer', {
        exported: false,
      }),
    ],
  },
  {
    kind: 'helper',
    title: 'Helping on tryout night (check-in and evaluators)',
    onDeletion: 'delete',
    seenBy: 'The club’s tryout administrators.',
    kept: 'For the season and {months} months after its last session, or until the helper’s account is deleted.',
    fields: [
      // The invitation's address: the account's own once accepted, exported with the account.
      gone('email', 'The helper’s e-mail address, where the invitation went', { exported: false }),
      gone('name', 'The name the helper gave'),
      kept('role', 'The job and age groups the helper was given'),
    ],
  },
  {
    kind: 'scores',
    title: 'Scores and notes from tryout night',
    onDeletion: 'anonymise',
    seenBy:
      'The club’s tryout administrators and coaches; a family sees how many evaluators saw their athlete.',
    kept: 'For the season and {months} months after its last session; a note goes with its athlete.',
    fields: [
      kept('value', 'Each evaluator’s score of the athlete'),
      gone('note', 'An evaluator’s note about the athlete', { whose: 'athlete', exported: false }),
      emptied('evaluator_name', 'The evaluator’s name', {
        anonymised: { replace: FORMER_EVALUATOR },
        whose: 'helper',
        exported: false,
      }),
    ],
  },
  {
    kind: 'refund',
    title: 'Refunds',
    onDeletion: 'anonymise',
    seenBy: 'The household’s parents or guardians; the club’s tryout administrators.',
    kept: 'With the club’s payment records; the reason typed goes with the athlete’s name.',
    fields: [
      kept('amount_cents', 'How much was refunded, when, how, and the card processor’s reference'),
      emptied('reason', 'The reason an administrator gave, which can name the athlete', {
        anonymised: { replace: REMOVED_REFUND_REASON },
      }),
    ],
  },
  {
    kind: 'offer',
    title: 'An offer of a place on a team',
    onDeletion: 'anonymise',
    seenBy: 'The household’s parents or guardians; the club’s tryout administrators.',
    kept: 'With the club’s team records (team, answer, fee); the reasons, the typed name and who paid the fee online go with the athlete’s name.',
    fields: [
      kept('state', 'The team offered, the deadline, the answer and when'),
      gone('fee_checkout_line', 'The team fee’s payment page: the athlete’s full name and the team'),
      gone('fee_checkout_email', 'The e-mail address the team fee’s card receipt goes to'),
      gone('fee_checkout_user_id', 'Which account paid the team fee online', { personal: false }),
      gone('decline_reason', 'The reason the family gave for declining, if any'),
      gone('rescind_reason', 'The reason the club gave for taking an offer back, which can name the athlete'),
      gone(
        'waiver',
        'The team’s waiver as accepted: the full name typed, when, which version and by which account',
      ),
    ],
  },
  {
    // Issue 46: a later instalment (2..4) of a team fee paid on a saved card. Its amounts, dates, state and
    // payment references stay with the club's records; which account paid it and the family's saved card
    // (Stripe's customer and card ids: no card number is kept) go with the athlete's name, as the offer's fee
    // fields do, and an instalment not paid then is stopped (there is no card left to charge).
    kind: 'instalment',
    title: 'A team fee paid in instalments',
    onDeletion: 'anonymise',
    seenBy: 'The household’s parents or guardians; the club’s tryout administrators.',
    kept: 'With the club’s payment records (amounts, dates, whether paid); who paid online and the saved card go with the athlete’s name.',
    fields: [
      kept('amount_cents', 'Each instalment’s amount, due date, state and the card processor’s reference'),
      gone('customer_id', 'The card processor’s reference to the family, under which the card is saved'),
      gone('payment_method_id', 'The card processor’s reference to the saved card charged on each due date'),
      gone('checkout_user_id', 'Which account paid a declined instalment online', { personal: false }),
    ],
  },
  {
    // Issue 46: a line of the bank's file an administrator imported. A line that paid a registration goes
    // with the athlete's name; one that paid nothing is kept until retention (its item expires then).
    kind: 'etransfer-line',
    title: 'Interac e-Transfers received',
    onDeletion: 'anonymise',
    seenBy: 'The club’s tryout administrators.',
    kept: 'With the club’s payment records; the sender’s name and message go with the athlete’s name, and a line that paid nothing after {months} months.',
    fields: [
      kept('amount_cents', 'How much was sent, the day, and the bank’s and the club’s references'),
      emptied('sender', 'The name the e-Transfer was sent from, as the bank shows it'),
      emptied('message', 'The message the sender wrote with it'),
    ],
  },
];

/** One record's declaration. */
export function personalRecord(kind: RecordKind): PersonalRecord {
  const found = PERSONAL_DATA.find((record) => record.kind === kind);
  if (!found) throw new Error(`No declaration for ${kind}`);
  return found;
}
