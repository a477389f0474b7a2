/**
 * What the website stores about people, field by field, as /privacy lists it (issue 19). A test compares this
 * list with the schemas of every form that stores personal information, so a new field cannot be stored
 * without the privacy page saying so. `field` is the schema's name for it; the page shows `label`.
 */
import { PERSONAL_DATA_RETENTION_MONTHS } from './constants';

export interface StoredField {
  readonly field: string;
  readonly label: string;
}

export interface StoredGroup {
  readonly title: string;
  readonly fields: readonly StoredField[];
  /** Who sees it. */
  readonly seenBy: string;
  /** How long it is kept. */
  readonly kept: string;
}

export const STORED_FIELDS: readonly StoredGroup[] = [
  {
    title: 'Your account (a player’s, or a parent’s or guardian’s)',
    fields: [
      { field: 'first_name', label: 'First name' },
      { field: 'last_name', label: 'Last name' },
      { field: 'email', label: 'E-mail address' },
      { field: 'phone_number', label: 'Phone number' },
      { field: 'password', label: 'Password, only as a one-way hash' },
      { field: 'account_type', label: 'Whether it is a player’s or a parent’s or guardian’s account' },
    ],
    seenBy: 'You and the other parents or guardians of your household; the club’s tryout administrators.',
    kept: `While you use it; unused for ${PERSONAL_DATA_RETENTION_MONTHS} months, it is deleted 30 days after we e-mail you. You can delete it at any time from your account page.`,
  },
  {
    title: 'Each athlete (the player, or each child a parent adds)',
    fields: [
      { field: 'first_name', label: 'First name' },
      { field: 'last_name', label: 'Last name' },
      { field: 'date_of_birth', label: 'Date of birth' },
      { field: 'emergency_contact_name', label: 'Emergency contact’s name' },
      { field: 'emergency_contact_phone', label: 'Emergency contact’s phone number' },
      { field: 'emergency_contact_email', label: 'Emergency contact’s e-mail address' },
      { field: 'emergency_contact_relationship', label: 'Emergency contact’s relationship to the athlete' },
      {
        field: 'medical_notes',
        label:
          'Medical notes, if you give them (conditions, allergies, medication): seen only by the club’s administrators, never in a spreadsheet unless an administrator asks for them',
      },
      {
        field: 'division',
        label:
          'Which of the club’s teams the athlete plays on (boys’ or girls’), to offer only the groups that fit',
      },
      {
        field: 'parent_consent',
        label:
          'For an athlete under 18, a parent’s or guardian’s consent: who gave it, when, and to which notice',
      },
    ],
    seenBy: 'The household’s parents or guardians; the club’s tryout administrators.',
    kept: 'While the household has a parent or guardian, or until the account is deleted.',
  },
  {
    title: 'Each tryout registration',
    fields: [
      { field: 'athlete_id', label: 'Which athlete' },
      { field: 'age_group', label: 'Season, age group and tryout number' },
      {
        field: 'payment_method',
        label: 'Cash or card, what was paid and refunded, and the card processor’s payment references',
      },
      { field: 'attended', label: 'Attendance, the selection result and whether the result was e-mailed' },
      {
        field: 'waiver',
        label:
          'The season’s waiver as accepted: which version, the full name typed, when and by which account',
      },
      {
        field: 'photo_consent',
        label: 'Whether the club may use photos and video of the athlete that season',
      },
      {
        field: 'financial_support',
        label: 'Whether the family asked about financial support, and the fee the club set for it',
      },
    ],
    seenBy: 'The household’s parents or guardians; the club’s tryout administrators and coaches.',
    kept: `For the season and ${PERSONAL_DATA_RETENTION_MONTHS} months after its last session, or until the account is deleted; then only the number, group, result and payments stay, without a name.`,
  },
  {
    title: 'E-mail and sign-in',
    fields: [
      { field: 'opening_notice', label: 'Whether you asked to be e-mailed when registration opens' },
      { field: 'mail_status', label: 'Whether mail to an address was delivered, bounced or marked as spam' },
      { field: 'sign_in_sessions', label: 'When each sign-in started, was last used and ends' },
    ],
    seenBy: 'You; the club’s administrators see only whether an address bounced.',
    kept: 'Sign-ins end within days; a bounced address is kept only as a one-way hash so it is never mailed.',
  },
];
