/**
 * Interac e-Transfer (issue 46 §2): what a family is told to send, the reference code that ties a bank line
 * to a registration, and what an import of the bank's CSV answers. The server and the screens read these.
 */

/** A season's e-Transfer setting: off, or on with the club's e-Transfer address (an e-mail). */
export interface EtransferSettings {
  enabled: boolean;
  address: string | null;
}

/**
 * The letters and digits of a reference code: no 0/O or 1/I, which a parent typing it from a phone
 * would mix up.
 */
export const ETRANSFER_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ETRANSFER_REFERENCE_LENGTH = 8;

/** Whether a text is a reference code's shape (upper case, the alphabet, eight long). */
export function isEtransferReference(text: string): boolean {
  return /^[2-9A-HJ-NP-Z]{8}$/.test(text);
}

/**
 * The reference codes a bank message holds: every eight-character run of the alphabet standing on its own,
 * upper-cased (a parent may type it in lower case, or with a '#' or 'ref:' before it).
 */
export function referencesIn(message: string): string[] {
  const found = message.toUpperCase().match(/(?<![0-9A-Z])[0-9A-Z]{8}(?![0-9A-Z])/g) ?? [];
  return [...new Set(found.filter(isEtransferReference))];
}

/** What a family is asked to send for one registration: where, how much, and the code for the message. */
export interface EtransferInstructions {
  address: string;
  amount_cents: number;
  reference: string;
}

/** One line of an imported bank file, as the import and the admin's screen show it. */
export interface EtransferRowView {
  row_id: string;
  /** The day the bank received it, as the file gives it (YYYY-MM-DD when it could be read). */
  date: string;
  sender: string;
  amount_cents: number;
  message: string;
  /** The registration it paid, or the one proposed / meant (amount_mismatch), when there is one. */
  tryout_id?: string;
  player_name?: string;
  /** Every registration it paid when one line paid several (each child's code, the sum exactly). */
  tryout_ids?: string[];
  /** What the row sent minus what the registration asks: negative short, positive over (amount_mismatch). */
  difference_cents?: number;
  /** The registrations a proposal or an ambiguous row could be: the admin picks one. */
  candidates?: Array<{ tryout_id: string; player_name: string }>;
}

/**
 * POST /admin/payments/etransfer-import: every row of the file in exactly one list. `matched`: applied now
 * (paid, receipt, mail); `already_applied`: applied before (the same file again changes nothing);
 * `proposed`: no code, one registration fits the sender's name and amount (applied only by the admin's
 * click); `ambiguous`: more than one fits, or the code names a registration no longer waiting;
 * `unmatched`: nothing fits; `amount_mismatch`: the code fits but the amount is short or over.
 */
export interface EtransferImportAnswer {
  matched: EtransferRowView[];
  already_applied: EtransferRowView[];
  proposed: EtransferRowView[];
  ambiguous: EtransferRowView[];
  unmatched: EtransferRowView[];
  amount_mismatch: EtransferRowView[];
}

/** What the family and the admin read about e-Transfer. */
export const etransferMessages = {
  notOffered: 'This season does not take Interac e-Transfer. Please choose card or cash.',
  addressRequired: 'Enter the club’s e-Transfer address to turn e-Transfer on.',
  addressInvalid: 'Enter the e-Transfer address as an e-mail address, like treasurer@club.ca.',
  notEtransfer: 'This registration is not paid by e-Transfer.',
  alreadyPaid: 'This e-Transfer is already marked received.',
  withdrawn: 'This registration was withdrawn, so its e-Transfer cannot be marked received.',
  bankReferenceInvalid: 'The bank reference can be at most 100 characters.',
  fileRequired: 'Choose the bank’s CSV file to import.',
  fileType: 'Send the bank file as text/csv.',
  fileTooLarge: 'The bank file is too large: at most 64 KB (about 600 lines). Export a shorter date range.',
  fileUnreadable: 'This file could not be read as a CSV. Export it from your bank as CSV and try again.',
  columnsMissing:
    'The file needs a date, an amount and a sender (or name) column. Check that it is your bank’s e-Transfer CSV export.',
  rowNotFound: 'This bank line was not found. Import the file again.',
  rowApplied: 'This bank line was already applied to a registration.',
  rowAmount: 'This bank line’s amount is not the registration’s amount, so it cannot be applied.',
  tryoutRequired: 'Choose the registration this e-Transfer pays.',
  registrationNotWaiting: 'This registration is not waiting for an e-Transfer (paid already, or withdrawn).',
  /** The dashboard's card and the confirmation mail. */
  howToSend: (amount: string, address: string, reference: string) =>
    `Send ${amount} by Interac e-Transfer to ${address} and put ${reference} in the message, so the club can match it to your registration.`,
} as const;
