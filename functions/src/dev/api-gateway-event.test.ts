import { describe, expect, it } from 'vitest';
import { routeList, type RouteDefinition } from '@club/shared';
import { MalformedPathError, matchRoute, matchRouteIn } from './api-gateway-event';

const row = (name: string, method: RouteDefinition['method'], path: string) => ({
  name,
  method,
  path,
  access: 'public' as const,
  handler: `test/${name}`,
  table: 'read' as const,
  answer: {},
});

const bySeasonId = row('seasonById', 'GET', '/seasons/{id}');
const activeSeason = row('activeSeason', 'GET', '/seasons/active');
const registrationOfSeason = row('registrationOfSeason', 'GET', '/admin/seasons/{id}/registration');
const allSeasons = row('allSeasons', 'GET', '/admin/seasons/all/registration');

describe('the local API server picks a row as API Gateway does', () => {
  it.each([
    ['the {param} row first', [bySeasonId, activeSeason]],
    ['the fixed row first', [activeSeason, bySeasonId]],
  ])('prefers a fixed segment over a {param} one, with %s', (_order, table) => {
    // Act
    const active = matchRouteIn(table, 'GET', '/api/seasons/active');
    const other = matchRouteIn(table, 'GET', '/api/seasons/3f2c');

    // Assess
    expect(active).toMatchObject({ name: 'activeSeason', params: {} });
    expect(other).toMatchObject({ name: 'seasonById', params: { id: '3f2c' } });
  });

  it.each([
    ['the {param} row first', [registrationOfSeason, allSeasons]],
    ['the fixed row first', [allSeasons, registrationOfSeason]],
  ])('prefers the fixed segment in the middle of a longer path too, with %s', (_order, table) => {
    expect(matchRouteIn(table, 'GET', '/api/admin/seasons/all/registration')?.name).toBe('allSeasons');
    expect(matchRouteIn(table, 'GET', '/api/admin/seasons/9/registration')).toMatchObject({
      name: 'registrationOfSeason',
      params: { id: '9' },
    });
  });

  it('matches the method and every segment exactly, and a {param} never matches an empty segment', () => {
    const table = [bySeasonId, activeSeason];

    expect(matchRouteIn(table, 'get', '/api/seasons/active')?.name).toBe('activeSeason');
    expect(matchRouteIn(table, 'POST', '/api/seasons/active')).toBeNull();
    expect(matchRouteIn(table, 'GET', '/api/seasons/')).toBeNull();
    expect(matchRouteIn(table, 'GET', '/api/seasons/active/')).toBeNull();
    expect(matchRouteIn(table, 'GET', '/api/seasons/a/b')).toBeNull();
    expect(matchRouteIn(table, 'GET', '/seasons/active')).toBeNull();
  });

  it('hands path parameters over decoded, as API Gateway does', () => {
    expect(matchRouteIn([bySeasonId], 'GET', '/api/seasons/fall%202025')?.params).toEqual({
      id: 'fall 2025',
    });
  });

  it('refuses a parameter with a malformed escape as a malformed path, not a crash (issue 42)', () => {
    expect(() => matchRouteIn([bySeasonId], 'GET', '/api/seasons/%E0%A4%A')).toThrow(MalformedPathError);
    expect(matchRouteIn([bySeasonId], 'GET', '/api/seasons/%E0%A4%A4')?.params).toEqual({ id: 'त' });
  });

  it('reaches every row of the route table by its own path', () => {
    for (const route of routeList()) {
      const path = '/api' + route.path.replace(/\{(\w+)\}/g, 'sample-$1');

      expect(matchRoute(route.method, path)?.name, `${route.method} ${route.path}`).toBe(route.name);
    }
  });
});
