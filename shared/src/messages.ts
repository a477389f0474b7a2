/** Every user-facing validation message of spec §5, word for word. Schemas and forms read them from here. */
export const fieldMessages = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email format.',
  passwordRequired: 'Password is required.',
  signInCodeInvalid: 'Enter the 6-digit code from the e-mail.',
  dateOfBirthRequired: 'Date of birth is required.',
  dateOfBirthInvalid: 'Enter a valid date of birth.',
  dateOfBirthFuture: 'Date of birth cannot be in the future.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Invalid Canadian phone number.',
  contactNameRequired: 'Contact name is required.',
  firstNameInvalid: 'First name can use letters, spaces, apostrophes, hyphens and periods only.',
  lastNameInvalid: 'Last name can use letters, spaces, apostrophes, hyphens and periods only.',
  contactNameInvalid: 'Contact name can use letters, spaces, apostrophes, hyphens and periods only.',
  contactPhoneRequired: 'Contact phone is required.',
  contactEmailRequired: 'Contact email is required.',
  relationshipRequired: 'Relationship is required.',
  divisionRequired: 'Choose the teams the athlete plays on.',
  feeSetInvalid: 'Enter the fee in dollars and cents, $0.00 or more.',
  waiverTextTooLong: 'The waiver can be at most 5,000 characters.',
  refundPolicyTooLong: 'The refund policy can be at most 5,000 characters.',
  waiverRequired: 'Please read the waiver and type your full name to accept it.',
  medicalNotesTooLong: 'Medical notes can be at most 500 characters.',
  parentConsentRequired: 'Parent/guardian consent is required.',
  confirmPasswordRequired: 'Please confirm your password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  formInvalid: 'Please correct the highlighted fields above.',
  tryoutChoiceRequired: 'Please select both payment method and age group.',
  switchToCashOnly: 'A registration can only be switched to cash here: send {"payment_method":"cash"}.',
  seasonNameRequired: 'Please enter a season name.',
  tryoutFeeInvalid: 'Enter a tryout fee from $0.00 to $1,000.00.',
  siblingFeeInvalid: 'Enter a sibling fee from $0.00 to $1,000.00.',
  guardianMustBeAdult: 'Please confirm you are 18 or older: a parent or guardian account is for adults.',
  athletesRequired: 'Choose at least one athlete to register, with an age group for each.',
  athleteTwice: 'Each athlete can be registered once.',
  siblingFeeAboveFee: 'The sibling fee cannot be more than the tryout fee.',
  registrationOpensOnInvalid: 'Enter the day registration opens, or leave it empty.',
  accountFieldsOnly: 'Only your name and phone number can be changed here.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'That is not your current password.',
  sameEmail: 'That is already your e-mail address.',
  referenceYearInvalid: 'Enter an age year from 2000 to 2100.',
  sessionKindInvalid: 'Choose whether the session is a tryout or an open gym.',
  sessionAgeGroupsRequired: 'Choose at least one age group for each session.',
  sessionStartInvalid: 'Enter the date and time each session starts.',
  sessionEndInvalid: 'Enter the date and time each session ends.',
  sessionEndsBeforeStart: 'A session must end after it starts.',
  sessionLocationRequired: 'Enter the gym of each session.',
  sessionAddressRequired: 'Enter the address of each session.',
  tooManySessions: 'A season can have at most 20 sessions.',
  teamLinkInvalid: 'Enter a full https:// link, e.g. https://go.teamsnap.com/…',
  refundAmountInvalid: 'Enter a refund amount of at least $0.01.',
  refundReasonRequired: 'Please say why the money is refunded.',
  refundKeyInvalid: 'This refund request is malformed. Please reload the page and try again.',
  calendarLinkInvalid:
    'This calendar link is not valid any more. Sign in and add the tryouts to your calendar from your dashboard.',
} as const;

/**
 * Messages the server answers with (spec §7, §8). The web shows them as they come ("the server's message"),
 * and the web's checks (e.g. a login message containing 'verify your email') read them from here.
 */
export const serverMessages = {
  registered: 'Registration successful. Please check your email to verify your account.',
  loginFailed: 'Invalid email or password.',
  verifyEmailFirst: 'Please verify your email before logging in.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /**
   * Sign-ins of an account refused by its limit (issue 34). The same whatever the password was, so it tells
   * a guesser nothing; the account's owner has the code in their mailbox.
   */
  tooManyLoginAttempts:
    'Too many attempts. If this is your account, we e-mailed you a sign-in code: enter it with your password to sign in now, or wait a few minutes and try again.',
  verificationSent:
    'If this email belongs to an account awaiting verification, a new verification email has been sent.',
  resetLinkSent: 'If this email is associated with an account, you will receive a reset link in your email.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  emailVerified: 'Your email has been verified. You can now sign in.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notSignedIn: 'Not signed in.',
  mailUnavailable: 'We could not send the email right now. Please try again in a few minutes.',

  // Tryout registration and payment (spec §2 /tryout; the web shows them as the server's message)
  noActiveSeason: 'No active season.',
  openingNoticeWhileOpen: 'Registration is open now: register on the tryout page.',
  accountNotFound: 'Account not found.',
  accountDeleted: 'Your account was deleted.',
  passwordChanged: 'Your password was changed. Other devices were signed out.',
  passwordChangedMeanwhile: 'Your password was changed elsewhere just now. Please try again.',
  emailInUse: 'That e-mail address belongs to another account.',
  emailChangeSent: 'We sent a link to your new address. Your e-mail changes once you follow it.',
  emailChanged: 'Your e-mail address was changed. Sign in with the new address from now on.',
  emailChangeLinkInvalid: 'This link is invalid or has expired. Ask for a new one from your account page.',
  registrationClosed: (seasonName: string) => `Registration for ${seasonName} is currently closed.`,
  ageGroupNotOffered: 'That age group is not offered this season. Please choose another.',
  ineligibleBirthYear: (group: string, year: number) =>
    `Players in ${group} must be born in ${year} or later. Please choose an older age group.`,
  alreadyRegistered: 'You are already registered for this season.',
  playersOnly:
    'Tryout registration is for player accounts. Administrators manage tryouts from the admin area.',
  notRegistered: 'You are not registered for the current season.',
  noReceipt: 'There is no receipt yet: nothing has been paid for this registration.',

  // Households (issue 17)
  athleteNotFound: 'That athlete is not in your household.',
  waiverNameMismatch: (name: string) =>
    `To accept the waiver, type your full name as it is on your account: ${name}.`,
  withdrawalAfterResult:
    'A result is set for this registration, so it can no longer be withdrawn here. Please contact the club.',
  feeAlreadyPaid: 'This registration is paid or being paid, so its fee can no longer change. Refund instead.',
  feeAboveSeason: (fee: string) => `The fee can be at most the season’s fee, ${fee}.`,
  feeOfWithdrawn: 'This registration is withdrawn: there is no fee to set.',
  withdrawnNotAttended: 'This registration was withdrawn, so it cannot be checked in. Reinstate it first.',
  invitationNotWaiting: 'That invitation is no longer waiting.',
  waiverChanged: 'The waiver changed while you were registering. Please read it again and accept it.',
  sessionsChangedMeanwhile:
    'Another administrator changed the sessions a moment ago. Please reload the page and make your change again.',
  familyPaymentChanged:
    'A payment for your family changed a moment ago. Please reload your dashboard to see what is left to pay.',
  /** A registration for a group the athlete's birth year or division does not fit (issue 36). */
  groupMisfit: (first: string, last: string, group: string, fits: readonly string[]) =>
    fits.length
      ? `${group} is not open to ${first} ${last}: ${first} can try out for ${new Intl.ListFormat('en-CA', { type: 'disjunction' }).format(fits)} this season.`
      : `${group} is not open to ${first} ${last}, and no age group this season fits ${first}.`,
  athleteRegistered:
    'This athlete is registered for the current season. Withdraw the registration first, or contact the club.',
  athleteBirthDateLocked:
    'The birth date cannot change while the athlete is registered for the current season, since it decides the age group. Please contact the club.',
  removeYourself: 'You cannot remove yourself from your household’s athletes.',
  tooManyAthletes: 'A household can have at most 12 athletes.',
  athleteAlreadyRegistered: (name: string) => `${name} is already registered for this season.`,
  householdChanged: 'Your household changed meanwhile. Please reload the page and try again.',
  alreadyGuardian: 'That address is already a guardian of your household.',
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
  invitationInvalid: 'This invitation link is invalid or has expired. Ask for a new one.',
  invitationForSomeoneElse:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  lastGuardian: 'You are the last guardian of this household, so you cannot leave it.',
  checkoutUnavailable:
    'Your registration is saved, but the card payment could not start. Please try again from your dashboard.',
  nothingToPay: 'There is nothing left to pay for this registration.',
  /** A card registration that asked about financial support (issue 42): the card waits for the club. */
  supportAnswerPending:
    'The club is looking at your request for financial support. You can pay by card once it e-mails you the fee, or choose to pay cash on tryout day.',
  withdrawalClosed:
    "Withdrawals close when the season's first session starts. Please contact the club to withdraw.",
  registrationWithdrawn: 'This registration was withdrawn. Please contact the club to be reinstated.',
  notWithdrawn: 'This registration was not withdrawn, so there is nothing to reinstate.',
  cashSwitchPaid: 'Your card payment has already gone through, so there is no cash to bring.',
  cashSwitchProcessing:
    'Your card payment is still being processed, so it cannot be switched to cash. Please check back later.',
  paymentNotFound: 'Payment not found.',
  invalidSignature: 'Invalid signature.',
  registrationBusy: 'Registration is very busy right now. Please try again in a moment.',
  registrationNumberFollows:
    'We have your registration. Its tryout number will be on your dashboard within a minute.',
  paymentsUnavailable: 'We could not reach the payment service right now. Please try again in a few minutes.',

  // Administrator area
  seasonNotFound: 'Season not found.',
  referenceYearLocked:
    "The age year can't change once players have registered for the season: it would move them between age groups.",
  seasonSettingsChanged: "The season's settings changed a moment ago. Please try again.",
  registrationNotFound: 'Registration not found.',
  notCashRegistration: 'Only a cash registration can be marked as collected.',
  cashRefunded: 'This cash was partly or fully refunded, so it cannot be marked as not collected.',
  nothingToRefund: 'Nothing was paid for this registration, so there is nothing to refund.',
  refundTooLarge: 'That is more than is left to refund: {left} of the {paid} paid.',
  refundRefused: 'Stripe refused the refund: {reason}',
  refundInProgress:
    'This refund was started but Stripe has not answered yet. Try the same refund again in a moment; it will not be made twice.',
  noResultToSend: 'Choose Selected or Not Selected before sending a result email.',
  ageGroupNotInSeason: 'That age group is not part of this season.',
  resultMailSending: 'This result email is being sent right now. Check its status in a moment.',
  resultMailSuppressed:
    'This address bounced or marked our mail as spam, so it is never mailed again. Please reach the family another way.',
  /** Issue 42: a send that would mail results before a group's last session, unless the admin confirms. */
  resultsBeforeSessions: (groups: string, many: boolean) =>
    `Not sent yet: ${groups} ${many ? 'still have tryout sessions' : 'still has a tryout session'} ahead, and families would read a result before playing it. Confirm to send anyway.`,

  // Tryout night (issue 37)
  helperAccessNeeded: 'You are not a helper for this job this season, or your access has ended.',
  helperInvited: (email: string) => `Invitation sent to ${email}.`,
  helperLinkInvalid: 'This helper link is invalid or has expired. Ask the club for a new one.',
  helperLinkForSomeoneElse:
    'This helper invitation was sent to another e-mail address. Sign in with that address to accept it.',
  helperNotFound: 'That helper is not on this season’s list.',
  // Teams (issue 45)
  teamNotFound: 'That team is not in this season.',
  teamAgeGroupNotInSeason: 'Choose one of this season’s age groups.',
  teamNotEmpty: 'Move every placed player and alternate off this team before deleting it.',
  teamOverCapacity: (capacity: number) => `This team holds ${capacity} players: place at most ${capacity}.`,
  teamCapacityBelowPlaced:
    'The capacity cannot go below the players placed on the team or the offers accepted.',
  teamAgeGroupWithPlayers: 'Move the players off this team before changing its age group.',
  placedElsewhere: (tryoutNumber: number) =>
    `Player #${tryoutNumber} is already on another team. Take them off that team first.`,
  notPlaceable: (tryoutNumber: number | null) =>
    tryoutNumber === null
      ? 'Only registrations of this season can be placed.'
      : `Player #${tryoutNumber} cannot be placed on this team: only numbered, not withdrawn players of its age group.`,
  offersOutForPlacements: 'Offers are out for this season: rescind an offer or add an alternate instead.',
  offeredAlternatesKeepPlace:
    'An alternate already offered a place keeps it: list them first, in the same order.',
  teamChangedMeanwhile: 'This team changed while you were editing it. Look at it again and retry.',
  helperAlready: (email: string) => `${email} already helps with this job this season.`,
  seasonOver: 'This season’s sessions are over, so it has no helpers to invite.',
  groupNotEvaluated: 'You do not score this age group this season.',
  criteriaNotSet: 'The club has not set this season’s scoring criteria yet.',
  notCheckedInHere: 'That registration is not part of this season.',
  scoreAheadOfClock:
    'A score’s time is ahead of the club’s clock. Set the phone’s date and time to automatic, then score again.',
  scoreBeforeSeason:
    'A score’s time is before this season began. Set the phone’s date and time to automatic, then score again.',
  scoreIdReused: 'This score’s id was already sent with another score. Score the player again.',
  withdrawnAtDoor: (name: string) =>
    `${name} withdrew from this season, so they cannot be checked in. Ask an administrator.`,
  cashOnCard: 'This registration pays by card, so there is no cash to take.',
  codeNotFound: 'That code is not a check-in code for this season.',
  numberNotFound: (n: number) => `No player has number ${n} this season.`,
  walkUpWaiverRequired: 'The parent or guardian types their full name to accept the waiver.',
  walkUpWaiverNameMismatch: (name: string) =>
    `To accept the waiver, the parent types their full name as given above: ${name}.`,
  walkUpRegistered: (name: string, n: number) => `${name} is registered as number ${n} and checked in.`,
} as const;

/** The phrase the web looks for in a login failure to offer a resend button (spec §8). */
export const VERIFY_EMAIL_PHRASE = 'verify your email';

/** Offers with a deadline (issue 45): what the admin's settings and a family's answer are told. */
export const offerMessages = {
  respondWithinHours: 'The time to respond must be a whole number of hours from 24 (1 day) to 168 (7 days).',
  enabledInvalid: 'Choose whether offers are on or off.',
  autoOfferInvalid: 'Choose whether a declined or expired place goes to the next alternate.',
  publishAtInvalid: 'Choose when the offers go out, as a date and time.',
  publishAtPast: 'Choose a time from now on for the offers to go out.',
  offersOff: 'Offers are off for this season: turn them on in the season’s settings first.',
  alreadyPublished: 'This season’s offers are already out.',
  cannotTurnOffPublished:
    'This season’s offers are published, so offers stay on: rescind an offer from the offers board instead.',
  waiverNameRequired: 'Type your full name to accept the waiver.',
  waiverNameTooLong: 'The name can be at most 100 characters.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  rescindAsInvalid: 'Choose rescinded or expired.',
  notYours: 'Only a guardian of this player (or the player, when an adult) can answer this offer.',
  pastDeadline: 'The time to answer this offer has passed.',
  alreadyAnswered: 'This offer has already been answered.',
  teamFull: 'The team is full: every place has been accepted.',
  notOffered: 'This offer is not waiting for an answer.',
} as const;

/** The team fee, withdrawing after acceptance and the offers board (issue 45 §4, §5). */
/** A team fee instalment paid by its link (issue 46). */
export const instalmentMessages = {
  paid: 'This instalment is paid.',
  processing: 'This instalment’s payment is going through. It will show here once it lands.',
  notDue: 'This instalment is not due yet: it is charged to the saved card on its due date.',
} as const;

export const teamFeeMessages = {
  checkoutTakesNothing: 'The team fee is set by the club: send no amount.',
  withdrawTakesNothing: 'Invalid request.',
  collectedInvalid: 'Choose collected or not.',
  refundAmountInvalid: 'Enter a refund amount of at least $0.01.',
  refundReasonRequired: 'Please say why the money is refunded.',
  refundKeyInvalid: 'This refund request is malformed. Please reload the page and try again.',
  ageGroupInvalid: 'Choose an age group.',
  notAccepted: 'The team fee is paid once the offer is accepted.',
  noFee: 'This team has no fee to pay.',
  feePaid: 'The team fee is paid.',
  firstInstalmentPaid:
    'The first instalment is paid; the others are charged to the saved card on their due dates.',
  feeProcessing: 'The team fee’s payment is still going through. It will show here once it lands.',
  cashNotAccepted: 'This team takes the fee by card only.',
  cashOnCard: 'This team fee was paid by card, so it cannot be marked as cash.',
  cashOnPlan: 'This team fee is being paid by card in instalments, so it cannot be marked as cash.',
  cashRefunded: 'This cash was partly or fully refunded, so it cannot be marked as not collected.',
  withdrawOnlyAccepted: 'Only an accepted place can be given up.',
  nothingToRefund: 'No team fee was paid for this offer, so there is nothing to refund.',
  refundOnPlan: 'This team fee is paid by card in instalments: choose which instalment to refund.',
  refundInstalmentInvalid: 'Choose an instalment from 1 to 4.',
  refundNotOnPlan:
    'This team fee was not paid by card in instalments: refund it without choosing an instalment.',
  refundInstalmentNotPaid: 'Instalment {n} is not paid, so there is nothing to refund from it.',
  refundInstalmentTooLarge:
    'That is more than is left to refund of instalment {n}: {left} of the {paid} paid.',
  refundTooLarge: 'That is more than is left to refund: {left} of the {paid} paid.',
  noReceipt: 'There is no receipt yet: the team fee is not paid.',
  offerNotFound: 'Not found.',
} as const;
