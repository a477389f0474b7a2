/**
 * The one rule for an e-mail address, read by every place that takes one: sign-up, sign-in, resend, forgot,
 * the emergency contact, the admin screens and the SES events. It accepts what real people have (apostrophes,
 * plus tags, hyphens, sub-domains, upper case) and refuses anything that could make one address into several
 * or into something else: display names, angle brackets, quotes, commas, semicolons, spaces, `?` and
 * `%`-escapes (a `mailto:` link built from `mom@example.com?bcc=…` would copy a stranger in).
 * No valibot here, so the web can read it without loading the schemas.
 */

/** Local-part characters: RFC 5322 atext without `?`, `%`, `#` and backtick, joined by single dots. */
const LOCAL = "[A-Za-z0-9!$&'*+/=^_{|}~-]+(?:\\.[A-Za-z0-9!$&'*+/=^_{|}~-]+)*";
/** A host name of two or more labels; the top level is letters or an IDN's `xn--` form. */
const DOMAIN =
  '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';
const ADDRESS = new RegExp(`^${LOCAL}@${DOMAIN}$`);

/** RFC 5321's limits: 64 characters before the @, 254 in all. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/** The address as it is stored, compared and keyed (suppression, rate limits, the account's claim). */
export function normaliseEmail(address: string): string {
  return address.trim().toLowerCase();
}

/** True when `address` (already trimmed) is one plain mailbox address by the rule above. */
export function isEmailAddress(address: string): boolean {
  return (
    address.length <= MAX_EMAIL_LENGTH && address.indexOf('@') <= MAX_LOCAL_LENGTH && ADDRESS.test(address)
  );
}

/**
 * A `mailto:` link that can only ever name its one recipient: null for anything that is not an address by the
 * rule, and every character a URL could read as more than part of the address percent-encoded.
 */
export function mailtoHref(address: string): string | null {
  const trimmed = address.trim();
  if (!isEmailAddress(trimmed)) return null;
  const at = trimmed.lastIndexOf('@');
  return `mailto:${encodeURIComponent(trimmed.slice(0, at))}@${trimmed.slice(at + 1)}`;
}
