/**
 * The tryout and dashboard screens' own words (spec §2 and §8), word for word. The choice rule's message is
 * spec §5's and lives in `@club/shared`; what the server says is shown as it comes.
 */
import { serverMessages } from '@club/shared/messages';
import { WHAT_TO_BRING } from '@club/shared/player-sessions';

/** "Mina", "Mina and Leo", "Mina, Leo and Ava". */
export function listNames(names: readonly string[]): string {
  return new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(names).replace(/, and /, ' and ');
}

export const tryoutMessages = {
  // /tryout (spec §2)
  formTitle: 'Tryout Registration',
  alreadyRegisteredTitle: 'You Are Already Registered',
  noSeasonTitle: 'No Active Season',
  noSeasonDetail: 'Please check back later.',
  closedTitle: 'Registration Closed',
  // The same words the server refuses a registration with.
  closed: serverMessages.registrationClosed,
  paymentMethod: 'Payment method',
  cashOption: 'Cash (pay on tryout day)',
  cardOption: 'Card (pay online now)',
  etransferOption: 'Interac e-Transfer (we give you a code to put in the message)',
  etransferTitle: 'Pay by Interac e-Transfer',
  etransferSendTo: 'Send to',
  etransferAmount: 'Exact amount',
  etransferReference: 'Put this code in the message',
  etransferHow:
    'Send it from your bank’s app or website. Put the code in the message exactly as shown, so the club can match it to your registration. You will get an e-mail once it is received.',
  ageGroup: 'Age group',
  ageGroupPlaceholder: 'Choose an age group',
  ageGuideTitle: 'Which age group?',
  ageGuideIntro: 'Age groups go by year of birth:',
  ageGuideItem: (group: string, year: number) => `${group}: born in ${year} or later`,
  fee: (amount: string) => `Tryout fee: ${amount}`,
  feeDetail: 'The same fee applies whether you pay by card now or in cash on tryout day.',
  yourSessions: 'Your tryout sessions',
  withdraw: 'Withdraw from tryouts',
  withdrawnStatus: 'Withdrawn',
  withdrawQuestion: (name: string | null, number: number | null) =>
    name
      ? `Withdraw ${name} from this season’s tryouts? Tryout number ${number ?? ''} will not be given to anyone else.`
      : `Withdraw from this season’s tryouts? Your tryout number ${number ?? ''} will not be given to anyone else.`,
  refundDecision: 'Whether a payment is refunded is the club’s decision.',
  refundPolicyTitle: 'The club’s refund policy:',
  confirmWithdraw: 'Yes, withdraw',
  withdrawing: 'Withdrawing…',
  keepSpot: 'Keep my spot',
  withdrawFailed: 'We could not withdraw your registration. Please try again.',
  withdrawnNotice:
    'You withdrew from this season’s tryouts. Please contact the club if you would like to be reinstated.',
  // Tryout night (issue 37)
  showAtDoor: (name?: string) =>
    name ? `Show this code at the door to check ${name} in.` : 'Show this code at the door to check in.',
  checkinCodeLabel: (name?: string) => (name ? `${name}’s check-in code` : 'Your check-in code'),
  checkedInAt: (time: string) => `Checked in at ${time}`,
  seenBy: (n: number) => (n === 1 ? 'Seen by 1 evaluator' : `Seen by ${n} evaluators`),
  withdrawnNoticeOf: (name: string) =>
    `${name} was withdrawn from this season’s tryouts. Please contact the club if you would like ${name} reinstated.`,
  addToCalendar: 'Add tryout dates to my calendar',
  familyCalendarTitle: 'Your tryout calendar',
  familyCalendarDetail:
    'Subscribe once and every tryout session of your family shows in your phone’s calendar. If the club moves a session, your calendar moves it too.',
  subscribeCalendar: 'Subscribe in my calendar',
  downloadCalendar: 'Download a calendar file',
  preparingCalendar: 'Preparing calendar…',
  calendarFailed: 'We could not get your calendar file. Please try again.',
  freeTryouts: 'Tryouts are free this season: there is nothing to pay.',
  sessionsTitle: (group: string) => `${group} tryout sessions`,
  sessionsNote: `Please check in 20 minutes before your session starts. ${WHAT_TO_BRING}`,
  noSessionsYet: (group: string) => `The ${group} tryout dates will be posted here once the club sets them.`,
  whoIsTryingOut: 'Who is trying out?',
  // What the club asks at registration (issue 36)
  waiverTitle: 'Waiver',
  waiverSign: 'Type your full name to accept the waiver',
  waiverSignHint: (name: string) => `As it is on your account: ${name}.`,
  askSupport: 'Ask about financial support',
  askSupportNote:
    'The club will e-mail you and may lower the fee. Nothing is charged before it answers: by card, you pay once it has; or choose cash (pay on tryout day).',
  photoConsent: (name: string | null) =>
    name
      ? `The club may use photos and video of ${name} from tryouts this season (optional)`
      : 'The club may use photos and video of me from tryouts this season (optional)',
  // /tryout before signing in, and for a parent with no child yet (issue 36)
  signedOutLead: 'Sign in or create a family account to register your child.',
  signedOutDetail:
    'A family account takes a minute: your name, e-mail and phone. Confirm your e-mail, add your child, choose their group and pay by card or in cash on tryout day.',
  createFamilyAccount: 'Create a family account',
  signIn: 'Sign in',
  playerSelf: 'Trying out yourself and 18 or older, or signing up with a parent’s consent?',
  createPlayerAccount: 'Create a player account',
  firstChildTitle: 'Your child',
  firstChildSave: 'Continue',
  firstChildLead: 'First, tell us about your child. Next you choose their group and how to pay.',
  /** The family form's way to a brother or sister not added yet (issue 42). */
  addAnotherChild: 'Add another child',
  anotherChildTitle: 'Another child',
  anotherChildSave: 'Add to the form',
  nextAddChildTitle: 'Next: add your child, then register',
  nextAddChildOpen: (season: string) =>
    `${season} registration is open. Add your child’s details, choose their group and pay, all in one go.`,
  nextAddChildClosed: 'Add your child below; you can register them as soon as registration opens.',
  addChildAndRegister: 'Add your child and register',
  ageGroupFor: (name: string) => `Age group for ${name}`,
  noGroupFits: (name: string) => `No age group this season fits ${name}.`,
  playsOn: (name: string) => `${name} plays on`,
  siblingPrice: '(sibling fee)',
  familyTotal: (amount: string) => `Total: ${amount}`,
  registeringWho: (name: string) => `Registering ${name}`,
  familyChoiceRequired: 'Choose who is trying out, an age group for each, and how to pay.',
  familyCashRegistered: (amount: string) => `Registered! Please bring ${amount} in cash on tryout day.`,
  allRegisteredTitle: 'Everyone Is Registered',
  allRegistered: 'Every athlete of your family is registered for this season.',
  register: 'Register for Tryouts',
  registering: 'Registering...',
  // While a registration waits for its answer, however long a busy night makes that (issue 43).
  registeringNames: (names: readonly string[]) => `Registering ${listNames(names)}…`,
  /** After "Registration failed." when no answer came (a dropped connection, a timeout, a 5xx). */
  noAnswer:
    'We did not hear back from the club’s server. Everything you entered is still here: please try again. If the registration went through after all, trying again takes you to it, and nothing is registered twice.',
  tryAgain: 'Try again',
  /** The dashboard's notice when a retry finds the first try went through after all (null: the player's own). */
  registeredAfterAll: (names: readonly string[] | null) =>
    names
      ? `Registered! Your first try went through after all: ${listNames(names)} ${names.length === 1 ? 'is' : 'are'} registered, and nothing was registered twice.`
      : 'Registered! Your first try went through after all: you are registered, and nothing was registered twice.',
  goToDashboard: 'Go to your dashboard',

  // /tryout (spec §8)
  loadFailed: 'Failed to load data. Please refresh.',
  registrationFailed: 'Registration failed.',
  cashRegistered: 'Registered! Please bring cash on tryout day.',

  // /dashboard (spec §2, §8)
  loadTryoutFailed: 'An error occurred while loading your tryout information.',
  loadingTryout: 'Loading your tryout information…',
  finalizing: 'Finalizing your payment…',
  readyTitle: 'Ready to Join?',
  readyDetail: 'You are not registered for tryouts this season yet.',
  readyLink: 'Register for Tryouts',
  registrationOpenNow: (season: string) => `Registration for ${season} is open now.`,
  registrationClosedNow: 'Tryout registration is closed right now.',
  closedFamilyTitle: 'Tryout registration',
  registeredPaid: (amount: string) => `You're registered! ${amount} paid by card.`,
  registeredPaidFamily: "You're registered! Your card payment went through.",
  registrationTitle: 'Your Tryout Registration',
  season: 'Season',
  tryoutNumber: 'Tryout Number',
  ageGroupLabel: 'Age Group',
  status: 'Status',
  payment: 'Payment',
  selected: 'Selected',
  notSelected: 'Not Selected',
  awaitingDecision: 'Awaiting tryout decision',
  teamSnap: 'Join Your Team on TeamSnap',
  // The result on the card, in the result mail's words (issue 18).
  selectedTitle: (name: string | null) => (name ? `Congratulations, ${name}!` : 'Congratulations!'),
  selectedText: (who: string, group: string, season: string) =>
    `${who} made the ${group} team for ${season}.`,
  selectedNextWithLink:
    'Next step: join the team on TeamSnap. The coach shares the practice schedule, tournaments and uniform sizing there.',
  selectedNextNoLink:
    "Next step: the coach will send the team's TeamSnap invitation shortly, with the practice schedule, tournaments and uniform sizing.",
  notSelectedTitle: 'Thank you for trying out',
  notSelectedText: (group: string, season: string) =>
    `It takes courage, and the coaches saw the effort. We were not able to offer a spot on the ${group} team for ${season}; the decisions were close, and this is not the end of the road.`,
  notSelectedNext:
    "What comes next: keep playing and growing with us in winter programming, camps and training, and next season's tryouts.",
  campsAndTraining: 'See camps and training',
  winterProgramming: 'Winter programming',
  opensInNewTab: ' (opens in a new tab)',
  amountPaid: 'Paid',
  amountRefunded: 'Refunded',
  amountOwed: 'To pay',
  bringCash: (amount: string) => `Please bring ${amount} in cash to your first tryout session.`,
  refundedNote: (amount: string) =>
    `The club refunded ${amount}. A card refund can take 5–10 business days to reach your statement.`,
  familyRegistrationTitle: (name: string) => `${name}'s Tryout Registration`,
  sessionsOf: (name: string) => `${name}'s tryout sessions`,
  receipt: 'Download receipt',
  receiptPdf: 'Download receipt (PDF)',
  preparingReceipt: 'Preparing receipt…',
  receiptFailed: 'We could not get your receipt. Please try again.',

  // Card payments (spec §4)
  completePayment: 'Complete payment',
  completeFamilyPayment: (names: string, amount: string) => `Complete payment for ${names} (${amount})`,
  payAlone: (name: string) => `Pay for ${name} only`,
  openingCheckout: 'Opening checkout...',
  checkoutFailed: 'We could not open the payment page. Please try again.',
  paymentPending: 'Your spot is saved. Complete the card payment to finish your registration.',
  // A card that waits for the club's answer about financial support (issue 42).
  supportWaitTitle: 'Waiting for the club’s answer',
  supportWaitText:
    'Your spot is saved, and nothing has been charged. You asked about financial support: the club will e-mail you the fee. Then you can pay it by card here, or pay cash on tryout day. If you would rather pay cash, choose Pay cash at tryouts instead.',
  supportRegistered:
    'Registered! Nothing has been charged: the club will e-mail you about the fee, and you can pay it by card from here.',
  paymentFailed: 'Your last card payment did not go through. You can try again.',
  paymentProcessing:
    'Your card payment is being confirmed. It will show as paid once it clears; there is nothing more to do.',
  payCashInstead: 'Pay cash at tryouts instead',
  switchingToCash: 'Switching to cash...',
  switchedToCash: 'Your registration is now cash. Please bring cash on tryout day.',
  switchToCashFailed: 'We could not switch your registration to cash. Please try again.',
  // Capacity and the waitlist (issue 45).
  waitlistPlace: (position: string, size: number) => `Waitlist: ${position} of ${size}`,
  waitlistDetail: (group: string) =>
    `${group} is full. There is no tryout number and nothing to pay while you wait; we will e-mail you when a spot opens.`,
  spotHeld: (until: string) => `A spot is held for you until ${until} (Edmonton time).`,
  spotHeldDetail: 'Register before then to take it: you get a tryout number and pay as usual.',
  takeSpot: 'Register now',
  leaveWaitlist: 'Leave the waitlist',
  leavingWaitlist: 'Leaving…',
  leaveWaitlistFailed: 'We could not take you off the waitlist. Please try again.',
  leftWaitlist: 'You have left the waitlist.',
  waitlistedNotice: 'The group is full, so you are on its waitlist. We will e-mail you when a spot opens.',
  waitlistTitle: 'Your place on the waitlist',
  familyWaitlistTitle: (name: string) => `${name}’s place on the waitlist`,
} as const;
