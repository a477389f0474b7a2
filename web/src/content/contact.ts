/**
 * How to reach the club: the one place for its e-mail addresses and social links, which the footers, the
 * contact, legal and programme pages read. Its name, web address and location are in club.ts.
 */

export const EMAILS = {
  /** Questions about teams, tryouts, fees and financial support; also privacy requests. */
  general: 'info@summitbasketball.ca',
  /** Trouble signing in, registering or paying on the website. */
  support: 'support@summitbasketball.ca',
  /** Businesses and families who want to partner with the club. */
  sponsorship: 'sponsorship@summitbasketball.ca',
} as const;

export interface SocialLink {
  name: string;
  handle: string;
  url: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    name: 'Instagram',
    handle: '@summitbasketballyeg',
    url: 'https://www.instagram.com/summitbasketballyeg',
  },
  {
    name: 'Facebook',
    handle: 'Summit Basketball Edmonton',
    url: 'https://www.facebook.com/summitbasketballyeg',
  },
  { name: 'YouTube', handle: '@summitbasketballyeg', url: 'https://www.youtube.com/@summitbasketballyeg' },
];

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}
