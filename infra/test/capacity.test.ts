/** How long each route's function may run (infra/lib/capacity.ts), read from its route-table row. */
import { describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '@club/shared';
import { latencyAlarmMs, routeTimeout } from '../lib/capacity';

const row = (name: keyof typeof routes): RouteDefinition => routes[name];

describe('routeTimeout', () => {
  it('gives the bank file import 28 s, under API Gateway’s 29 s, and its alarm half of that', () => {
    const timeout = routeTimeout(row('importEtransfers'));

    expect(timeout.toSeconds()).toBe(28);
    expect(timeout.toSeconds()).toBeLessThan(29);
    expect(latencyAlarmMs(timeout)).toBe(14_000);
  });

  it('keeps the other e-Transfer routes, which queue their mails, at the table’s 5 s', () => {
    expect(routeTimeout(row('applyEtransferRow')).toSeconds()).toBe(5);
    expect(routeTimeout(row('markEtransferReceived')).toSeconds()).toBe(5);
  });

  it('gives a row marked bulk import 28 s whatever else it does, and one without the mark its slowest kind', () => {
    expect(routeTimeout({ bulkImport: true }).toSeconds()).toBe(28);
    expect(routeTimeout({ bulkImport: true, mail: true, payments: true }).toSeconds()).toBe(28);
    expect(routeTimeout({}).toSeconds()).toBe(5);
    expect(routeTimeout({ mail: true }).toSeconds()).toBe(10);
    expect(routeTimeout({ payments: true }).toSeconds()).toBe(25);
  });
});
