/**
 * The paths of the routes a prerendered public page reads, apart from the route table (routes.ts takes these
 * rows' paths from here): a public page's first JavaScript then carries these few strings, not every route's
 * row, so the table can grow without the home page's bytes growing with it.
 */
export const API_PREFIX = '/api';

export const PUBLIC_READ_PATHS = {
  getActiveSeason: '/seasons/active',
} as const;

export type PublicReadName = keyof typeof PUBLIC_READ_PATHS;

/** The site path of a public read: publicReadPath('getActiveSeason') → '/api/seasons/active'. */
export function publicReadPath(name: PublicReadName): string {
  return API_PREFIX + PUBLIC_READ_PATHS[name];
}
