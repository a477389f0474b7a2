/**
 * What the website stores about people, field by field, as /privacy lists it (issue 19), read from the one
 * declaration of personal data (personal-data.ts, issue 44). A test compares this list with the schemas of
 * every form that stores personal information, so a new field cannot be stored without the privacy page
 * saying so. `field` is the form's name for it (the stored name when the form has none); the page shows
 * `label`.
 */
import { PERSONAL_DATA_RETENTION_MONTHS } from './constants';
import { PERSONAL_DATA } from './personal-data';

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

/** Read from the declaration of personal data (personal-data.ts): one list, per record, in its order. */
const DECLARED: readonly StoredGroup[] = PERSONAL_DATA.map((record) => ({
  title: record.title,
  fields: record.fields.map((f) => ({ field: f.asked ?? f.field, label: f.label })),
  seenBy: record.seenBy,
  kept: record.kept.replace('{months}', String(PERSONAL_DATA_RETENTION_MONTHS)),
}));

/**
 * Not records of a person's own but what the mail service and sign-in keep about an address: deleted whole
 * with the account (a suppressed address kept only as its hash), not declared field by field yet.
 */
const MAIL_AND_SIGN_IN: StoredGroup = {
  title: 'E-mail and sign-in',
  fields: [
    { field: 'opening_notice', label: 'Whether you asked to be e-mailed when registration opens' },
    { field: 'mail_status', label: 'Whether mail to an address was delivered, bounced or marked as spam' },
    { field: 'sign_in_sessions', label: 'When each sign-in started, was last used and ends' },
  ],
  seenBy: 'You; the club’s administrators see only whether an address bounced.',
  kept: 'Sign-ins end within days; a bounced address is kept only as a one-way hash so it is never mailed.',
};

export const STORED_FIELDS: readonly StoredGroup[] = [...DECLARED, MAIL_AND_SIGN_IN];
