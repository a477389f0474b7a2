/**
 * The layout every mail of the club shares (account mails, result mails): greeting, paragraphs, an optional
 * button, further links, a closing line, as text and HTML. Site links are built from the configured
 * SITE_URL only, never from a request header, so a forged Host cannot make the club mail a link to someone
 * else's site.
 */
import { getConfig } from '../lib/config';
import type { MailMessage } from './ses-sender';

/** An absolute link on the site: path (and query) on the configured SITE_URL. */
export function siteLink(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, getConfig().SITE_URL);
  for (const [k, value] of Object.entries(query)) url.searchParams.set(k, value);
  return url.toString();
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

/** The club as its mail names it (issue 18: by name, never "the club"). */
export const CLUB_NAME = 'Summit Basketball';
/** The club's full name, in every mail's header and signature. */
export const CLUB_FULL_NAME = 'Edmonton Summit Basketball Club';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailLink {
  label: string;
  url: string;
}

/** One layout for every mail: greeting, paragraphs, an optional button, further links, a closing line. */
export function compose(input: {
  to: MailMessage['to'];
  kind: string;
  subject: string;
  firstName: string;
  paragraphs: string[];
  action?: MailLink;
  /** Plain links after the button (e.g. the dashboard, what comes next). */
  links?: MailLink[];
  /**
   * Images from the site after the paragraphs (issue 37: each child's check-in QR code), each with what it
   * is; the text version says where to find them.
   */
  images?: Array<{ url: string; alt: string; caption: string }>;
  footer: string;
}): MailMessage {
  const { action, links = [], images = [] } = input;
  const text = [
    `Hi ${input.firstName},`,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...images.flatMap((i) => [
      `${i.caption} (the QR code is in this mail's HTML version and on your dashboard)`,
      '',
    ]),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(links.length ? [...links.map((l) => `${l.label}: ${l.url}`), ''] : []),
    input.footer,
    '',
    `${CLUB_FULL_NAME}`,
    siteLink('/'),
  ].join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#0b3d91;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555;overflow-wrap:anywhere;word-break:break-all">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const linkList = links
    .map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`)
    .join('');
  const html = [
    '<!doctype html>',
    '<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">',
    // The club's logo (a PNG at a stable address: mail clients block SVG) and name.
    `<p style="margin:0 0 16px;padding:12px 16px;background:#0b1f3a;color:#fff;font-weight:bold;font-size:18px"><img src="${escapeHtml(siteLink('/apple-touch-icon.png'))}" width="40" height="40" alt="" style="vertical-align:middle;border-radius:50%;margin-right:10px">${CLUB_FULL_NAME}</p>`,
    `<p>Hi ${escapeHtml(input.firstName)},</p>`,
    input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    images
      .map(
        (i) =>
          `<p>${escapeHtml(i.caption)}<br><img src="${escapeHtml(i.url)}" width="200" height="200" alt="${escapeHtml(i.alt)}" style="display:block;margin-top:6px;border:0"></p>`,
      )
      .join('\n'),
    button,
    ...(linkList ? [`<ul>${linkList}</ul>`] : []),
    `<p style="font-size:13px;color:#555">${escapeHtml(input.footer)}</p>`,
    `<p style="font-size:13px;color:#555"><a href="${escapeHtml(siteLink('/'))}">${CLUB_FULL_NAME}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, kind: input.kind, subject: input.subject, text, html };
}
