import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@club/shared/types';
import { SessionContext } from '../../lib/session-context';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { AdminDashboard } from './admin-dashboard';
import { callsTo, REGISTRATIONS_TABLE, serveAdmin } from './test-api';
import { aRow, SEASON_ID, tryoutId } from './test-data';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: crypto.randomUUID(),
    at: '2026-11-24T01:42:00.000Z',
    actor_id: ME,
    action: 'attendance',
    season_id: SEASON_ID,
    tryout_id: tryoutId(1),
    before: {},
    after: {},
    ...overrides,
  };
}

async function openHistory() {
  const user = userEvent.setup();
  render(
    <SessionContext.Provider
      value={{
        user: { id: ME, first_name: 'Morgan', last_name: 'Admin', email: 'admin@club.local', is_admin: true },
        ready: true,
        logout: async () => {},
      }}
    >
      <AdminDashboard />
    </SessionContext.Provider>,
  );
  await screen.findByRole('table', { name: REGISTRATIONS_TABLE });
  await user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));
  return screen.getByRole('region', { name: 'History' });
}

describe('a registration’s history in Player Details (issue 19)', () => {
  it('lists what administrators changed on the row, newest first, in Edmonton time and by whom', async () => {
    const api = serveAdmin({ rows: [aRow()] });
    server.use(
      onRoute('listAudit', () => [
        entry({
          at: '2026-11-24T02:05:00.000Z',
          actor_id: OTHER,
          action: 'result',
          before: { result: '' },
          after: { result: 'selected' },
        }),
        entry({ action: 'refund', after: { amount_cents: 2_500, method: 'stripe' } }),
        entry({ at: '2026-11-24T01:30:00.000Z', before: { attended: false }, after: { attended: true } }),
      ]),
    );
    const history = await openHistory();

    const items = await within(history).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Result: Pending → SelectedNov 23, 2026, 7:05 p.m. · by another administrator',
      'Refunded $25.00 (card)Nov 23, 2026, 6:42 p.m. · by you',
      'Attended: No → YesNov 23, 2026, 6:30 p.m. · by you',
    ]);
    expect(
      callsTo(api, 'GET', `/api/admin/audit?season_id=${SEASON_ID}&tryout_id=${tryoutId(1)}`),
    ).toHaveLength(1);
  });

  it('says so when nothing was changed yet', async () => {
    serveAdmin({ rows: [aRow()] });
    server.use(onRoute('listAudit', () => []));
    const history = await openHistory();
    expect(
      await within(history).findByText('No administrator has changed this registration yet.'),
    ).toBeVisible();
  });

  it('tells the admin when the history could not be loaded', async () => {
    serveAdmin({ rows: [aRow()] });
    server.use(
      onRoute('listAudit', () => HttpResponse.json({ message: 'Something went wrong.' }, { status: 500 })),
    );
    const history = await openHistory();
    expect(
      await within(history).findByText('The history could not be loaded. Open the player again to retry.'),
    ).toBeVisible();
  });
});
