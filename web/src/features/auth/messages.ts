/**
 * The account screens' own words (spec §2 and §8), word for word. Field rules and their messages live in
 * `@club/shared` (spec §5); only what the browser alone says is here.
 */
export const authMessages = {
  // /account: a new phone offered to the children's emergency contacts (issue 36)
  contactsHoldOldPhone: (names: string, phone: string) =>
    `${names} emergency contact still has your old number, ${phone}.`,
  useNewPhone: (phone: string) => `Use ${phone} for them too`,
  keepOldPhone: 'Keep the old number',
  contactsUpdated: (phone: string) => `Their emergency contact now has ${phone}.`,
  contactsUpdateFailed: 'The emergency contacts could not be changed. Please try again.',
  // The family's calendar link (issue 42)
  calendarLinkExplained:
    'Your family’s calendar link lets a calendar app show when and where your athletes try out. If you shared it by mistake, reset it: the old link stops working in every calendar that has it, and you add the new one.',
  resetCalendarLink: 'Reset calendar link',
  calendarLinkResetting: 'Resetting…',
  calendarLinkReset: 'Your calendar link was reset. The old link no longer shows any tryouts.',
  calendarLinkAddNew: 'Add the new link to my calendar',
  calendarLinkResetFailed: 'The calendar link could not be reset. Please try again.',
  // Login (spec §8)
  loginFailed: 'Login failed',
  signInCode: 'Sign-in code (from the e-mail)',
  unexpectedError: 'An unexpected error occurred',
  sending: 'Sending...',
  resendVerification: 'Resend verification email',
  resendVerificationCooldown: (seconds: number) => `Resend verification email (${seconds}s)`,
  verificationResent: 'Verification email resent! Please check your inbox.',
  verificationResentDetail: 'Verification email has been sent successfully.',
  resendFailed: 'Failed to resend verification email.',
  signingIn: 'Signing in...',
  signIn: 'Login',

  // Registration
  registerTitle: 'Create Your Account',
  creatingAccount: 'Creating Account...',
  createAccount: 'Create Account',
  accountFor: 'Who is this account for?',
  accountForPlayer: 'Me, a player',
  accountForGuardian: 'A parent or guardian',
  /** The same adult's account, as a helper invited to tryout night reads it (issue 42). */
  accountForHelper: 'An adult helper (parent, guardian or volunteer)',
  guardianNote:
    'You add your children (athletes) after signing in, with their birth dates and emergency contacts, and register them together.',
  isAdultLabel: 'I am 18 or older.',
  registrationFailed: 'Registration failed.',
  parentConsentLabel: 'I am the parent or guardian of this registrant and I consent to their registration.',

  // Check e-mail and verify notice
  registrationSuccessful: 'Registration Successful',
  checkEmailNext: 'Next: open the e-mail we sent you and follow its link',
  verifiedSignIn: 'I followed the link: sign in',
  verificationSentTo: 'A verification email has been sent to',
  verificationSent: 'Verification email sent successfully!',
  serverError: 'Server error. Please try again.',
  resendCooldown: (seconds: number) => `You can request another email in ${seconds} seconds.`,
  registerDifferentEmail: 'Register with a different email',
  verifyTitle: 'Verify Your Email',
  missingEmail: 'Missing email. Please register again.',
  linkInvalid: 'This verification link has expired or was already used. Enter your email to get a new one.',

  // The verification link's screen
  verifying: 'Verifying your email…',
  verifyUnavailable: 'We could not confirm your email right now. Please check your connection and try again.',
  tryAgain: 'Try again',

  // E-mail confirmed
  emailVerified: 'Email Verified Successfully!',
  emailVerifiedDetail: 'Your email address has been verified. You can now log in.',
  continueToLogin: 'Continue to Login',

  // Forgot password (spec §8)
  forgotTitle: 'Forgot Password',
  sendResetLink: 'Send Reset Link',
  resetLinkSent:
    'Reset link sent! If this email is associated with an account, you will receive a reset link in your email.',
  resetCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting another reset link.`,
  resetEmailFailed: 'Error sending reset email.',

  // Reset password (spec §8)
  resetTitle: 'Set a New Password',
  resetPassword: 'Reset Password',
  resetting: 'Resetting...',
  resetSucceeded: 'Password reset successfully! Redirecting to login...',
  resetFailed: 'Reset failed. Link may be expired or invalid.',

  // Protected screens
  welcome: (firstName: string) => `Welcome, ${firstName}!`,
} as const;
