/**
 * The admin area's own words. The toasts are spec §8's, word for word; the rest (labels, the send
 * confirmation, beyond-spec notices for cash, team links and the CSV) follows their style.
 */
/** 1000 → "1,000". */
const count = (n: number) => n.toLocaleString('en-CA');

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
  teamLinkSaved: (group: string) => `Team link for ${group} saved`,
  teamLinkRemoved: (group: string) => `Team link for ${group} removed`,
  teamLinkFailed: 'Failed to save team link',
  csvFailed: 'Failed to download CSV',
  reinstated: (who: string) => `${who} reinstated`,
  reinstateFailed: 'Failed to reinstate registration',
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
    'A new fee applies to registrations made from now on; earlier ones keep what they paid or owe. A fee of 0 means free tryouts, with no card step.',
  referenceYear: 'Age year',
  referenceYearNote: 'Age groups count from this year: 15U is born in this year minus 15 or later.',
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
  reinstate: 'Reinstate',
  reinstateWho: (who: string) => `Reinstate ${who}`,
  resending: 'Sending…',
  attendedOf: (who: string) => `Attended: ${who}`,
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
