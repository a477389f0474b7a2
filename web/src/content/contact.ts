/**
 * The club's identity and how to reach it: the one place for its name, web address, e-mail addresses,
 * social links and location. Every page, the footer, the legal pages and the social preview tags read it.
 */

export const CLUB = {
  name: 'Edmonton Summit Basketball Club',
  shortName: 'Summit Basketball',
  /** The public web address; social preview tags and canonical links are built from it. */
  siteOrigin: 'https://www.summitbasketball.ca',
  location: { city: 'Edmonton', province: 'Alberta', country: 'Canada' },
  /** The year the legal pages and the footer's copyright line refer to. */
  copyrightYear: 2025,
} as const;

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

export const LOCATION_TEXT = `${CLUB.location.city}, ${CLUB.location.province}`;
