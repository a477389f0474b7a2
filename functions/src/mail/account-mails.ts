/**
 * The account messages (verification, already registered, password reset, password changed), each as text
 * and HTML. Links are built from the configured SITE_URL only, never from a request header, so a forged
 * Host cannot make the club mail a link to someone else's site.
 */
import { MAIL_LINK_PAGES } from '@club/shared';
import { getConfig } from '../lib/config';
import type { MailMessage } from './ses-sender';

const CLUB = 'the club';

/** An absolute link on the site: a path on the configured SITE_URL. */
export function siteLink(path: string): string {
  return new URL(path, getConfig().SITE_URL).toString();
}

/**
 * A link carrying a one-time token: the token goes in the fragment, which the browser keeps to itself, so
 * it never reaches CloudFront's or the API's logs, nor another site as a Referer; the screen posts it.
 */
export function tokenLink(page: string, token: string): string {
  const url = new URL(page, getConfig().SITE_URL);
  url.hash = token;
  return url.toString();
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One layout for every account mail: greeting, paragraphs, an optional button, a closing line. */
function compose(input: {
  to: string;
  kind: string;
  subject: string;
  firstName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}): MailMessage {
  const { action } = input;
  const text = [
    `Hi ${input.firstName},`,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    input.footer,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">
<p>Hi ${escapeHtml(input.firstName)},</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#0b3d91;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : ''
}
<p style="font-size:13px;color:#555">${escapeHtml(input.footer)}</p>
</body></html>`;
  return { to: input.to, kind: input.kind, subject: input.subject, text, html };
}

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
      `If this was not you, reset your password now at ${siteLink('/forgot-password')} and contact the club.`,
    ],
    action: { label: 'Sign in', url: siteLink('/login') },
    footer: 'This message was sent to keep your account safe.',
  });
}
