import { describe, expect, it } from 'vitest';
import { apiPath, routeList } from './routes';
import { sampleRequest } from './route-samples';

const IDS = {
  seasonId: '0b6f4f0e-3c55-4d0c-9d41-0c2a7d7f6a11',
  tryoutId: '0b6f4f0e-3c55-4d0c-9d41-0c2a7d7f6a11.a3c2e1d0-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
  checkoutSessionId: 'cs_test_a1b2c3d4e5f6',
  calendarKey: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
  athleteId: 'a3c2e1d0-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
};

describe('sampleRequest', () => {
  it.each(routeList().map((row) => [row.name, row] as const))(
    'fills every {param} of %s from its row, and nothing else',
    (name, row) => {
      const { params } = sampleRequest(name, IDS);
      const inPath = [...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

      expect(Object.keys(params ?? {}).sort()).toEqual(inPath.sort());
      expect(apiPath(name, params)).not.toContain('{');
    },
  );

  it('gives a season path the season, a registration path the registration, and the admin list its season', () => {
    expect(sampleRequest('setRegistrationStatus', IDS).params).toEqual({ id: IDS.seasonId });
    expect(sampleRequest('setAttended', IDS).params).toEqual({ id: IDS.tryoutId });
    expect(sampleRequest('sendResults', IDS).params).toEqual({ seasonId: IDS.seasonId });
    expect(sampleRequest('listTryouts', IDS).query).toEqual({ season_id: IDS.seasonId });
    expect(sampleRequest('confirmPayment', IDS).query).toEqual({ session_id: IDS.checkoutSessionId });
    expect(sampleRequest('getCalendarByLink', IDS).query).toEqual({ key: IDS.calendarKey });
    expect(sampleRequest('getActiveSeason', IDS)).toEqual({ params: undefined, query: undefined });
  });
});
