/**
 * The admin area's own words. The toasts are spec §8's, word for word; the rest (labels, the send
 * confirmation, beyond-spec notices for cash, team links and the CSV) follows their style.
 */
import type { WithdrawnBy } from '@club/shared';

const COUNT = new Intl.NumberFormat('en-CA');
/** 1000 → "1,000". */
const count = (n: number) => COUNT.format(n);

export const adminMessages = {
  title: 'Admin Dashboard',
  tabs: { tryouts: 'Tryouts', details: 'Player Details' },

  // Toasts, failures (spec §8)
  fetchSeasonsFailed: 'Failed to fetch seasons',
  fetchTryoutsFailed: 'Failed to fetch tryout data',
  loadRegistrationFailed: 'Failed to load registration status',
  attendanceFailed: 'Failed to update attendance',
  selectionFailed: 'Failed to update selection result',
  sendEmailsFailed: 'Failed to send emails',
  sendEmailFailed: 'Failed to send email',
  createSeasonFailed: 'Failed to create season',
  registrationFailed: 'Failed to update registration status',
  // Toasts, successes (spec §8)
  attendanceUpdated: 'Attendance updated successfully',
  selectionUpdated: 'Selection result updated successfully',
  emailsSent: (d: { total: number; sent: number; failed: number }) =>
    `Emails sent successfully (Total: ${d.total}, Sent: ${d.sent}, Failed: ${d.failed})`,
  emailSent: 'Email sent successfully',
  seasonCreated: (name: string) => `Season "${name}" created and activated.`,
  registrationOpened: 'Registration opened',
  registrationClosed: 'Registration closed',
  // Toasts beyond the spec: cash collected, team links, CSV
  cashUpdated: 'Payment updated successfully',
  cashFailed: 'Failed to update payment',
  etransferMarked: 'e-Transfer marked received',
  etransferMarkFailed: 'Failed to mark the e-Transfer received',
  markEtransferReceived: 'Mark received',
  markEtransferReceivedOf: (who: string) => `Mark e-Transfer received: ${who}`,
  teamLinkSaved: (group: string) => `Team link for ${group} saved`,
  teamLinkRemoved: (group: string) => `Team link for ${group} removed`,
  teamLinkFailed: 'Failed to save team link',
  teamLinksSaved: (n: number) => `${n} team links saved`,
  teamLinksUnchanged: 'No team link changed',
  saveTeamLinks: 'Save team links',
  csvFailed: 'Failed to download CSV',
  // A row's history in Player Details (issue 19)
  history: {
    title: 'History',
    loading: 'Loading changes…',
    failed: 'The history could not be loaded. Open the player again to retry.',
    none: 'No administrator has changed this registration yet.',
    byYou: 'by you',
    byOther: 'by another administrator',
    attendance: (from: string, to: string) => `Attended: ${from} → ${to}`,
    result: (from: string, to: string) => `Result: ${from} → ${to}`,
    cashCollected: 'Cash marked collected',
    etransferReceived: 'e-Transfer received',
    cashNotCollected: 'Cash marked not collected',
    refund: (amount: string, method: string) =>
      `Refunded ${amount} (${method === 'cash' ? 'cash' : method === 'etransfer' ? 'e-Transfer' : 'card'})`,
    refundReleased: (amount: string) => `Refund of ${amount} refused by Stripe: nothing went back`,
    feeSet: (before: string, after: string) => `Fee set from ${before} to ${after}`,
    reinstated: 'Reinstated after a withdrawal',
    resent: 'Result e-mail resent',
  },
  reinstated: (who: string) => `${who} reinstated`,
  reinstateFailed: 'Failed to reinstate registration',
  refunded: (amount: string) => `Refunded ${amount}`,
  refundFailed: 'Failed to refund',
  settingsSaved: 'Season settings saved',
  settingsFailed: 'Failed to save season settings',

  // Seasons and registration
  loadingSeasons: 'Loading seasons…',
  noSeasons: 'No seasons yet. Create the first one to start taking registrations.',
  retry: 'Try again',
  season: 'Season',
  activeSuffix: ' (active)',
  registration: 'Registration',
  open: 'OPEN',
  closed: 'CLOSED',
  openRegistration: 'Open Registration',
  closeRegistration: 'Close Registration',
  opening: 'Opening…',
  closing: 'Closing…',
  newSeason: 'New season',
  seasonName: 'Season name',
  seasonNamePlaceholder: 'e.g. Spring 2026 Tryouts',
  newSeasonNote:
    'The new season becomes the active one: players register for it, with registration closed until you open it.',
  createSeason: 'Create Season',
  creatingSeason: 'Creating…',
  newSeasonFeePlaceholder: 'Same as the last season',
  newSeasonYearPlaceholder: 'The year in its name',

  // Season settings
  seasonSettings: 'Season settings',
  settingsName: 'Name',
  sessionCount: (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`,
  tryoutFee: 'Tryout fee ($)',
  tryoutFeeNote:
    'A new fee applies to registrations made from now on; earlier ones keep what they paid or owe. A fee of 0 means free tryouts, with no card step. The sibling fee is what each further athlete of a family pays, at most the fee.',
  siblingFee: 'Sibling fee ($)',
  referenceYear: 'Age year',
  referenceYearNote: 'Age groups count from this year: 15U is born in this year minus 15 or later.',
  registrationOpensOn: 'Registration opens on (optional)',
  registrationOpensOnNote:
    'Shown to families while registration is closed. Opening it is still the switch above; those who asked are e-mailed then.',
  referenceYearLocked: 'Locked: players have registered, and a new year would move them between age groups.',
  sessions: 'Sessions',
  noSessions: 'No sessions yet. The public pages show their usual text until you add some.',
  sessionNumber: (n: number) => `Session ${n}`,
  sessionKind: 'Kind',
  sessionKinds: { tryout: 'Tryout', 'open-gym': 'Open gym' },
  sessionDate: 'Date',
  sessionStart: 'Starts',
  sessionEnd: 'Ends',
  sessionLocation: 'Gym',
  sessionAddress: 'Address',
  sessionAgeGroups: 'Age groups',
  removeSession: (n: number) => `Remove session ${n}`,
  addSession: 'Add session',
  saveSettings: 'Save Settings',

  // Team links
  teamLinks: 'Team links',
  teamLinksSet: (set: number, all: number) => `${set} of ${all} set`,
  teamLinksNote:
    'Selected players of an age group see its link on their dashboard and in their result email. Leave a link empty to remove it.',
  teamLinkLabel: (group: string) => `${group} team link`,
  save: 'Save',
  saving: 'Saving…',

  // Filters
  search: 'Search',
  searchPlaceholder: 'Tryout # or name',
  ageGroup: 'Age group',
  allAgeGroups: 'All age groups',
  result: 'Result',
  allResults: 'All results',
  withdrawnFilter: 'Withdrawn',
  clearFilters: 'Clear filters',
  showing: (shown: number, all: number) =>
    shown === all
      ? `${count(all)} ${all === 1 ? 'registration' : 'registrations'}`
      : `Showing ${count(shown)} of ${count(all)} registrations`,
  counts: (attended: number, selected: number) => `${attended} attended · ${selected} selected`,
  money: (cardPaid: string, cashDue: string, cashRows: number, pending: number) =>
    `Paid by card ${cardPaid} · Cash to collect ${cashDue} (${cashRows}) · Card payments pending ${pending}`,
  allPayments: 'All payments',
  paidFilter: 'Paid',
  cashDueFilter: 'Cash to collect',
  cardPendingFilter: 'Card pending',
  refundedFilter: 'Refunded',
  owes: (amount: string) => `Owes ${amount}`,
  loadingTryouts: 'Loading registrations…',
  noRegistrations: 'No registrations for this season yet.',
  noMatches: 'No registration matches these filters.',
  listed: (listed: number, all: number) => `Listed ${count(listed)} of ${count(all)}.`,
  showMore: (n: number) => `Show ${n} more`,

  // Table
  tableCaption: (season: string) => `Tryout registrations, ${season}`,
  number: 'Tryout #',
  name: 'Name',
  payment: 'Payment',
  attended: 'Attended',
  emailStatus: 'Email',
  actions: 'Resend',
  cashCollected: 'Collected',
  sent: 'Sent',
  notSent: 'Not Sent',
  queued: 'Sending…',
  failed: 'Failed',
  resendEmail: 'Resend Email',
  withdrawn: 'Withdrawn',
  // Season settings: the texts families read (issue 36)
  familyTexts: 'What families read',
  waiverText: 'Waiver',
  waiverTextNote:
    'Families accept it by typing their full name when they register. Leave it empty for no waiver.',
  waiverTextNoteVersion: (version: number) =>
    `Version ${version}. Saving a change makes a new version: families registering from then on accept the new one; those registered keep the version they accepted.`,
  refundPolicy: 'Refund policy',
  refundPolicyNote: 'Shown to a family before it confirms a withdrawal. Leave it empty to say nothing.',
  etransferSettings: 'Interac e-Transfer',
  etransferOn: 'Families may pay by Interac e-Transfer',
  etransferAddress: 'The club’s e-Transfer address',
  etransferNote:
    'Families who choose it are shown this address, the exact amount and a code to put in the message.',
  // Player Details: the fee the club sets (issue 36)
  feeTitle: 'Fee',
  feeSupportAsked:
    'The family asked about financial support. Set what they pay (down to $0.00) before anything is paid; they are e-mailed the new fee.',
  feeNote: 'Nothing is paid yet. The club can set a lower fee; the family is e-mailed the new fee.',
  // A card held for the club's answer about financial support (issue 42).
  feeSupportWaiting:
    'The family asked about financial support and chose card: nothing is charged until the club answers. Set a lower fee, or keep this one; the family is e-mailed the fee and can then pay by card.',
  keepFee: (amount: string) => `Keep ${amount}`,
  feeLabel: 'Fee (dollars)',
  setFee: 'Set fee',
  feeSetDone: (name: string, amount: string) => `${name}’s fee is now ${amount}.`,
  feeSetFailed: 'The fee could not be set. Please try again.',
  csvMedical: 'With medical notes',
  badgeMedical: 'Medical',
  badgePhotos: 'Photos OK',
  badgeNoPhotos: 'No photos',
  badgeSupport: 'Support asked',
  badgeSupportWaiting: 'Support asked: answer due',
  // Player Details: the registration's status and what the club asked (issue 36)
  status: 'Status',
  withdrawnOn: (when: string) => `Withdrawn by the family on ${when}`,
  /** Who withdrew it (issue 42): a guardian or the player by name, or the account's deletion. */
  withdrawnBy: (when: string, by: WithdrawnBy) =>
    by.kind === 'account_deletion'
      ? `Withdrawn on ${when}, when the family deleted its account`
      : `Withdrawn on ${when} by ${by.name} (${by.kind === 'guardian' ? 'parent or guardian' : 'the player'})`,
  askedAtRegistration: 'Asked at registration',
  waiver: 'Waiver',
  waiverAccepted: (name: string, when: string, version: number) =>
    `Accepted by ${name} on ${when} (version ${version})`,
  noWaiver: 'None this season',
  photoConsent: 'Photos and video',
  financialSupport: 'Financial support',
  supportRequested: 'Asked about it',
  medicalNotes: 'Medical notes',
  none: 'None',
  savedTick: '✓ Saved',
  // Households (issue 17), in Player Details
  guardians: 'Parents and guardians',
  guardianName: (n: number) => `Guardian ${n}`,
  // Refunds (issue 15), in Player Details
  moneyTitle: 'Payment and refunds',
  amountPaid: 'Paid',
  amountRefunded: 'Refunded',
  amountLeft: 'Left to refund',
  amountDue: 'Owed',
  disputedNote: "The cardholder's bank disputed this payment. Answer the dispute in Stripe's dashboard.",
  refundsHeading: 'Refunds',
  refundPending: ' (waiting for Stripe)',
  refundRetry: 'Retry',
  unreconciled: (amount: string) =>
    `Needs reconciling: Stripe shows ${amount} more refunded on this family payment than its registrations hold. Check the payment in Stripe's dashboard.`,
  refundRetryLabel: (amount: string) => `Retry the refund of ${amount} with Stripe`,
  refundRetrying: 'Retrying…',
  refundAmount: 'Amount to refund ($)',
  refundReason: 'Reason',
  refundReasonPlaceholder: 'e.g. Withdrew before tryouts',
  refundButton: 'Refund…',
  refundCard: (amount: string, who: string) => `Refund ${amount} to ${who}'s card?`,
  refundCash: (amount: string, who: string) => `Record ${amount} given back in cash to ${who}?`,
  refundEtransfer: (amount: string, who: string) =>
    `Record ${amount} sent back by Interac e-Transfer to ${who}?`,
  refundCardNote: 'Stripe sends the money back to the card; it can take 5–10 business days to show.',
  refundConfirm: (amount: string) => `Yes, refund ${amount}`,
  refunding: 'Refunding…',
  nothingPaid: 'Nothing has been paid yet, so there is nothing to refund.',
  allRefunded: 'Everything paid has been refunded.',
  reinstate: 'Reinstate',
  reinstateWho: (who: string) => `Reinstate ${who}`,
  resending: 'Sending…',
  attendedOf: (who: string) => `Attended: ${who}`,
  viewTable: 'Table',
  viewCheckIn: 'Check-in',
  viewLabel: 'View',
  jumpTo: 'Jump to #',
  go: 'Go',
  noSuchNumber: (n: string) => `No player #${n.replace('#', '')} in this list.`,
  checkInList: 'Check-in: tap a player who arrived',
  resultOf: (who: string) => `Result: ${who}`,
  collectedOf: (who: string) => `Cash collected: ${who}`,
  resendTo: (who: string) => `Resend Email to ${who}`,
  chooseResultFirst: 'Set a result first',

  // Sending results
  downloadCsv: 'Download CSV',
  preparingCsv: 'Preparing CSV…',
  sendResults: 'Send Result Emails',
  confirmTitle: 'Send result emails?',
  confirmCount: (n: number) =>
    `${n} ${n === 1 ? 'player' : 'players'} will be emailed ${n === 1 ? 'their result' : 'their results'}:`,
  confirmBreakdown: (selected: number, notSelected: number) =>
    `${selected} Selected, ${notSelected} Not Selected.`,
  confirmNote:
    'Players already emailed their current result get nothing. Players still Pending are not emailed.',
  nothingToSend: 'Nobody is waiting for a result email. Set results to Selected or Not Selected, then send.',
  confirmSend: (n: number) => `Send ${n} ${n === 1 ? 'Email' : 'Emails'}`,
  sessionsAheadTitle: (n: number) =>
    n === 1
      ? 'This group still has a tryout session ahead:'
      : 'These groups still have tryout sessions ahead:',
  sessionsAheadNote:
    'Their families would read a result before playing it. Send after the session unless the coaches have decided.',
  confirmSendAnyway: (n: number) => `Send ${n} ${n === 1 ? 'Email' : 'Emails'} Anyway`,
  noTeamLinkYet: (groups: string) =>
    `No team link yet for ${groups}: their selected players' email will say the coach sends the TeamSnap invitation shortly. Add the links under Team links first if you have them.`,
  previewMails: 'Preview the two emails',
  previewLoading: 'Loading the preview…',
  previewFailed: 'The preview could not be loaded. The emails can still be sent.',
  previewFor: (group: string) => `As families will read them (shown for ${group}):`,
  previewSelected: 'Selected',
  previewNotSelected: 'Not Selected',
  sendEmail: 'Send Email',
  sendTo: (who: string) => `Send Email to ${who}`,
  cancel: 'Cancel',
  close: 'Close',
  starting: 'Starting to send…',
  progressTitle: 'Sending result emails',
  progress: (done: number, total: number) => `${done} of ${total} sent`,
  progressFailed: (n: number) => `${n} failed`,
  progressRetrying: 'Connection lost. The emails keep going out; checking again shortly…',
  progressNote: 'You can keep working: each row shows Sent as its email goes out.',
  failedTitle: (n: number) => `${n} ${n === 1 ? 'email' : 'emails'} could not be sent`,
  failedNote: 'They stay Not Sent. Check the addresses, then press Send Result Emails to try them again.',
  dismiss: 'Dismiss',

  // Player Details
  noPlayer: 'Choose a player’s name in the Tryouts tab to see their details.',
  backToTryouts: 'Back to Tryouts',
  personal: 'Personal',
  contact: 'Contact',
  emergency: 'Emergency contact',
  tryout: 'Tryout',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  under18: 'Under 18',
  parentConsent: 'Parent consent',
  yes: 'Yes',
  no: 'No',
  email: 'Email',
  phone: 'Phone',
  relationship: 'Relationship',
  contactName: 'Name',
  emailResult: 'Result email',
} as const;

/** Capacity and the waitlist on the season screen (issue 45). */
export const capacityMessages = {
  title: 'Capacity and waitlist',
  summary: (limited: number) =>
    limited ? `${limited} age group${limited === 1 ? '' : 's'} limited` : 'no limits',
  intro:
    'The most players each age group takes. Past it, families join the waitlist (no number, nothing to pay); a freed spot is held for the first family waiting. Leave a group empty for no limit.',
  capacityOf: (group: string) => `${group} capacity`,
  holdHours: 'Hours a freed spot is held',
  holdHoursNote: 'From 1 to 168 (7 days). The family is e-mailed and sees it on the dashboard.',
  save: 'Save capacity',
  saving: 'Saving…',
  taken: (taken: number, capacity: number | null) =>
    capacity === null ? `${taken} taken, no limit` : `${taken} of ${capacity} taken`,
  waiting: (n: number) => (n ? `${n} on the waitlist` : 'nobody waiting'),
  position: 'Position',
  name: 'Name',
  since: 'Waiting since',
  heldUntil: 'Spot held until',
  notHeld: '—',
  loadFailed: 'The waitlist could not be loaded.',
  noGroups: 'No age group has a capacity.',
} as const;
