import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiPath, routeList } from './routes';

describe('the route table', () => {
  it('has one row per method and path, each naming a handler file', () => {
    const keys = routeList().map((r) => `${r.method} ${r.path}`);

    expect(new Set(keys).size).toBe(keys.length);
    for (const route of routeList()) {
      expect(route.handler).toMatch(/^[a-z-]+\/[a-z-]+$/);
      expect(route.path.startsWith('/')).toBe(true);
    }
  });

  it('sends cookies only through POST routes', () => {
    for (const route of routeList().filter((r) => r.cookie)) expect(route.method).toBe('POST');
  });

  it('builds same-origin API paths under /api', () => {
    expect(apiPath('getActiveSeason')).toBe(`${API_PREFIX}/seasons/active`);
  });
});
