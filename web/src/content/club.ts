/**
 * The club's identity: the one place for its name, web address and location, which the navigation, every
 * page's title, the footers, the legal pages and the social preview tags read. How to reach it is in contact.ts.
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

export const LOCATION_TEXT = `${CLUB.location.city}, ${CLUB.location.province}`;
