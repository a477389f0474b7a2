import { mailtoHref } from '@club/shared/email-address';

/**
 * An address shown as a `mailto:` link that can only ever name its one recipient; an address that is not one
 * by the shared rule (an old record, say) is shown as text, never as a link.
 */
export function EmailLink({ address }: { address: string }) {
  const href = mailtoHref(address);
  return href ? <a href={href}>{address}</a> : <span>{address}</span>;
}
