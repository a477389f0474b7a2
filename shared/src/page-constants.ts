/**
 * The constants the first JavaScript of `/` reads: the chrome's (the spinner, the scroll to an anchor, the
 * stored sign-in) and the fall program's facts the home page shows. It imports them from here; constants.ts
 * re-exports them with the rest of the product's constants, which stay out of that JavaScript.
 */

/** Page-load spinner duration. */
export const PAGE_SPINNER_MS = 300;
/** Delay before scrolling to a hash anchor such as #upcoming-events. */
export const HASH_SCROLL_DELAY_MS = 500;

/** Session storage key of the access token. */
export const TOKEN_STORAGE_KEY = 'token';

/** Fall program facts shown on the public pages (spec §9), the home page's among them. */
export const FALL_PROGRAM = {
  costPerAthleteCad: 750,
  practicesPerWeek: 2,
  tournaments: 2,
  gamesPerTournament: '3-5',
} as const;
