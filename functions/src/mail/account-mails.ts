/**
 * The account messages (verification, already registered, password reset, password changed), each as text
 * and HTML. Links are built from the configured SITE_URL only, never from a request header, so a forged
 * Host cannot make the club mail a link to someone else's site.
 */
import { MAIL_LINK_PAGES } from '@club/shared';
import { CLUB_NAME, compose, siteLink, tokenLink } from './layout';
import type { MailMessage } from './ses-sender';

export { siteLink } from './layout';

const CLUB = CLUB_NAME;

/** The link in a verification mail: the screen that posts the token and shows the confirmation. */
export function verificationLink(token: string): string {
  return tokenLink(MAIL_LINK_PAGES.verifyEmail, token);
}

export function verificationMail(
  to: string,
  firstName: string,
  token: string,
  validHours: number,
): MailMessage {
  return compose({
    to,
    kind: 'verify-email',
    subject: 'Verify your email address',
    firstName,
    paragraphs: [
      `Thanks for creating an account with ${CLUB}. Please confirm this is your email address.`,
      `The link works once and expires in ${validHours} hours.`,
    ],
    action: { label: 'Verify my email', url: verificationLink(token) },
    footer: 'If you did not create an account, you can ignore this email.',
  });
}

/**
 * Sent instead of a second account when someone registers with an address that already has one. An
 * unverified owner gets a link to choose a password, which also confirms the address: whoever first
 * registered the address without owning it loses the account to the mailbox's owner, instead of the owner
 * confirming an account whose password a stranger chose.
 */
export function alreadyRegisteredMail(
  to: string,
  firstName: string,
  finishSetup: { resetToken: string; validMinutes: number } | null,
): MailMessage {
  return compose({
    to,
    kind: 'already-registered',
    subject: 'You already have an account',
    firstName,
    paragraphs: [
      'Someone (hopefully you) just tried to create an account with this email address, which already has one. No new account was created.',
      finishSetup
        ? `This account's email was never confirmed. To finish setting it up, choose a password with the link below; that also confirms your email. The link works once and expires in ${finishSetup.validMinutes} minutes.`
        : `You can sign in at ${siteLink('/login')}. Forgot your password? Reset it at ${siteLink('/forgot-password')}.`,
    ],
    action: finishSetup
      ? { label: 'Choose my password', url: tokenLink(MAIL_LINK_PAGES.resetPassword, finishSetup.resetToken) }
      : { label: 'Sign in', url: siteLink('/login') },
    footer: 'If this was not you, you can ignore this email; your account is unchanged.',
  });
}

export function passwordResetMail(
  to: string,
  firstName: string,
  token: string,
  validMinutes: number,
): MailMessage {
  return compose({
    to,
    kind: 'password-reset',
    subject: 'Reset your password',
    firstName,
    paragraphs: [
      'We received a request to reset the password of your account.',
      `The link works once and expires in ${validMinutes} minutes.`,
    ],
    action: { label: 'Set a new password', url: tokenLink(MAIL_LINK_PAGES.resetPassword, token) },
    footer: 'If you did not ask for this, you can ignore this email; your password stays the same.',
  });
}

export function passwordChangedMail(to: string, firstName: string): MailMessage {
  return compose({
    to,
    kind: 'password-changed',
    subject: 'Your password was changed',
    firstName,
    paragraphs: [
      'The password of your account was just changed, and every device that was signed in has been signed out.',
      `If this was not you, reset your password now at ${siteLink('/forgot-password')} and contact ${CLUB}.`,
    ],
    action: { label: 'Sign in', url: siteLink('/login') },
    footer: 'This message was sent to keep your account safe.',
  });
}

/**
 * The sign-in code (issue 34): sent when the account's sign-ins were limited, so its owner can still sign in
 * with the password and this code. Whoever triggered it is not told whether it went.
 */
export function signInCodeMail(
  to: string,
  firstName: string,
  code: string,
  validMinutes: number,
): MailMessage {
  return compose({
    to,
    kind: 'sign-in-code',
    subject: `Your sign-in code: ${code}`,
    firstName,
    paragraphs: [
      'There were many failed attempts to sign in to your account, so sign-ins are paused for a few minutes. If you are trying to sign in, enter this code with your password on the sign-in page:',
      `Your sign-in code: ${code}`,
      `The code works once, for ${validMinutes} minutes, and only with your password.`,
      `If this was not you, nobody got in: your password kept them out. To be safe, you can change your password at ${siteLink('/forgot-password')}.`,
    ],
    action: { label: 'Sign in', url: siteLink('/login') },
    footer: 'This message was sent to keep your account safe.',
  });
}

/** The confirmation link for a new address (issue 18): nothing changes until it is followed. */
export function emailChangeConfirmMail(
  to: string,
  firstName: string,
  token: string,
  validHours: number,
): MailMessage {
  return compose({
    to,
    kind: 'email-change-confirm',
    subject: 'Confirm your new email address',
    firstName,
    paragraphs: [
      `You asked to use this address for your ${CLUB} account. Confirm it with the button below: your account changes to it then, and not before.`,
      `The link works once and expires in ${validHours} hours.`,
    ],
    action: { label: 'Use this email address', url: tokenLink(MAIL_LINK_PAGES.confirmEmailChange, token) },
    footer: 'If you did not ask for this, ignore this email: nothing changes.',
  });
}

/** To the address in use, when a change to another was asked for (issue 18). */
export function emailChangeRequestedMail(to: string, firstName: string, newEmail: string): MailMessage {
  return compose({
    to,
    kind: 'email-change-requested',
    subject: 'A change of your email address was asked for',
    firstName,
    paragraphs: [
      `Someone signed in to your ${CLUB} account asked to change its email address to ${newEmail}. It changes only once the link sent there is followed.`,
      `If this was not you, change your password now at ${siteLink('/forgot-password')} and contact ${CLUB}.`,
    ],
    footer: 'This message was sent to keep your account safe.',
  });
}

/** To the old address, once the account moved to the new one (issue 18). */
export function emailChangedMail(to: string, firstName: string, newEmail: string): MailMessage {
  return compose({
    to,
    kind: 'email-changed',
    subject: 'Your email address was changed',
    firstName,
    paragraphs: [
      `Your ${CLUB} account now uses ${newEmail}. This address will get no more mail about it.`,
      `If this was not you, contact ${CLUB} at once: ${siteLink('/contact')}.`,
    ],
    footer: 'This message was sent to keep your account safe.',
  });
}

/**
 * Sent once to an account unused (no sign-in, no registration) for the retention period (issue 19): it is
 * deleted on `deleteOn` unless the member signs in before then.
 */
export function retentionNoticeMail(to: string, firstName: string, deleteOn: string): MailMessage {
  return compose({
    to,
    kind: 'retention-notice',
    subject: 'Your account will be deleted unless you sign in',
    firstName,
    paragraphs: [
      `Your ${CLUB} account has not been used for a long time. We keep personal information only as long as it is needed, so your account and the details stored with it will be deleted on ${deleteOn}.`,
      'To keep your account, simply sign in before then. Past tryout records stay with the club without your name or contact details.',
      'Before then, you can also download everything we hold about you from your account page.',
    ],
    action: { label: 'Sign in to keep my account', url: siteLink('/login') },
    links: [{ label: 'Your account page (download your data)', url: siteLink('/account') }],
    footer: 'If you no longer need the account, you do not have to do anything.',
  });
}
