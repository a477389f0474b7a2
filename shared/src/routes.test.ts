import { describe, expect, it } from 'vitest';
import { PUBLIC_READ_PATHS, publicReadPath } from './public-paths';
import { API_PREFIX, apiPath, routeAreas, routeList, routes } from './routes';

describe('the route table', () => {
  it('has one row per method and path, each naming a handler file', () => {
    const keys = routeList().map((r) => `${r.method} ${r.path}`);

    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routeList()) {
      expect(route.handler).toMatch(/^[a-z-]+\/[a-z-]+$/);
      expect(route.path.startsWith('/')).toBe(true);
    }
  });

  it('is every area’s rows, each name in one area only (a second row of a name would replace the first)', () => {
    const names = Object.values(routeAreas).flatMap((area) => Object.keys(area));

    expect(names).toHaveLength(new Set(names).size);
    expect(names.sort()).toEqual(Object.keys(routes).sort());
    expect(Object.keys(routeAreas.accounts)).toContain('login');
    expect(Object.keys(routeAreas.tryoutNight)).toContain('getRankings');
    expect(routes.getRankings.path).toBe('/admin/seasons/{id}/rankings');
  });

  it('sends cookies only through POST routes', () => {
    for (const route of routeList().filter((r) => r.cookie)) expect(route.method).toBe('POST');
  });

  it('builds same-origin API paths under /api', () => {
    expect(apiPath('getActiveSeason')).toBe(`${API_PREFIX}/seasons/active`);
  });

  it('gives the public pages the same paths as the table, for public GET routes only', () => {
    expect(publicReadPath('getActiveSeason')).toBe('/api/seasons/active');
    for (const name of Object.keys(PUBLIC_READ_PATHS) as (keyof typeof PUBLIC_READ_PATHS)[]) {
      expect(publicReadPath(name)).toBe(apiPath(name));
      expect(routes[name]).toMatchObject({ method: 'GET', access: 'public' });
    }
  });
});
