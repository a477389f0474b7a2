import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { TryoutSession } from '@club/shared/types';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, renderAdmin, renderAdminWithRows, serveAdmin, toastRegion } from './test-api';
import { anAdminSeason, aRow, SEASON_ID } from './test-data';

const SETTINGS_PATH = `/api/admin/seasons/${SEASON_ID}`;

const SESSION: TryoutSession = {
  kind: 'tryout',
  age_groups: ['15U Boys', '16U Boys'],
  starts_at: '2026-08-18T18:00',
  ends_at: '2026-08-18T19:30',
  location: 'Harry Ainlay gym',
  address: '4350 111 St NW, Edmonton',
};

async function openSettings(season = anAdminSeason(), rows = [aRow()]) {
  const api = serveAdmin({ seasons: [season], rows });
  const rendered = rows.length ? await renderAdminWithRows() : renderAdmin();
  await rendered.user.click(await screen.findByText('Season settings'));
  const panel = within(screen.getByText('Season settings').closest('details')!);
  return { api, panel, ...rendered };
}

describe('season settings (issue 15)', () => {
  it('shows the fee in dollars, the age year and the sessions, folded behind a summary of fee and count', async () => {
    // Act
    const { panel } = await openSettings(
      anAdminSeason({ tryout_fee_cents: 4500, sessions: [{ ...SESSION }] }),
    );

    // Assess
    expect(panel.getByText('($45.00 · 1 session)')).toBeInTheDocument();
    expect(panel.getByLabelText('Tryout fee ($)')).toHaveValue('45.00');
    expect(panel.getByLabelText('Age year')).toHaveValue('2025');
    const session = panel.getByRole('group', { name: 'Session 1' });
    expect(within(session).getByLabelText('Date')).toHaveValue('2026-08-18');
    expect(within(session).getByLabelText('Starts')).toHaveValue('18:00');
    expect(within(session).getByLabelText('Ends')).toHaveValue('19:30');
    expect(within(session).getByLabelText('Gym')).toHaveValue('Harry Ainlay gym');
    expect(within(session).getByLabelText('15U Boys')).toBeChecked();
    expect(within(session).getByLabelText('17U Boys')).not.toBeChecked();
  });

  it.each([
    ['one cent above the fee', '50.01', 'The sibling fee cannot be more than the tryout fee.'],
    ['words', 'half', 'Enter a sibling fee from $0.00 to $1,000.00.'],
  ])('refuses a sibling fee of %s and sends nothing', async (_, typed, message) => {
    // Prepare: the fee is $50.00.
    const { api, panel, user } = await openSettings();
    const sibling = panel.getByLabelText('Sibling fee ($)');

    // Act
    await user.clear(sibling);
    await user.type(sibling, typed);
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    expect(panel.getByText(message)).toBeInTheDocument();
    expect(sibling).toHaveFocus();
    expect(callsTo(api, 'PATCH', SETTINGS_PATH)).toHaveLength(0);
  });

  it('saves the day registration opens, and clears it when emptied (issue 18)', async () => {
    // Prepare
    const { api, panel, user } = await openSettings(anAdminSeason({ registration_opens_on: '2027-01-05' }));
    const opens = panel.getByLabelText('Registration opens on (optional)');
    expect(opens).toHaveValue('2027-01-05');

    // Act
    await user.clear(opens);
    await user.type(opens, '2027-01-12');
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Season settings saved');
    await user.clear(opens);
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    await vi.waitFor(() => expect(callsTo(api, 'PATCH', SETTINGS_PATH)).toHaveLength(2));
    expect(
      callsTo(api, 'PATCH', SETTINGS_PATH).map(
        (c) => (c.body as { registration_opens_on: string }).registration_opens_on,
      ),
    ).toEqual(['2027-01-12', '']);
  });

  it('turns Interac e-Transfer on with the club’s address, and refuses it on without one (issue 46)', async () => {
    // Prepare
    const { api, panel, user } = await openSettings();
    const address = panel.getByLabelText('The club’s e-Transfer address');

    // Act: on without an address, then with one
    await user.click(panel.getByLabelText('Families may pay by Interac e-Transfer'));
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));
    const refused = await panel.findByText('Enter the club’s e-Transfer address to turn e-Transfer on.');
    const sentWhileRefused = callsTo(api, 'PATCH', SETTINGS_PATH).length;
    await user.type(address, 'treasurer@summit.test');
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    expect(refused.textContent).toBe('Enter the club’s e-Transfer address to turn e-Transfer on.');
    expect(sentWhileRefused).toBe(0);
    await vi.waitFor(() => expect(callsTo(api, 'PATCH', SETTINGS_PATH)).toHaveLength(1));
    expect((callsTo(api, 'PATCH', SETTINGS_PATH)[0]!.body as { etransfer: unknown }).etransfer).toEqual({
      enabled: true,
      address: 'treasurer@summit.test',
    });
  });

  it('sends no e-Transfer setting when it was not changed (issue 46)', async () => {
    // Prepare
    const { api, panel, user } = await openSettings();

    // Act
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    await vi.waitFor(() => expect(callsTo(api, 'PATCH', SETTINGS_PATH)).toHaveLength(1));
    expect('etransfer' in (callsTo(api, 'PATCH', SETTINGS_PATH)[0]!.body as object)).toBe(false);
  });

  it('saves a sibling fee equal to the fee, or less', async () => {
    // Prepare
    const { api, panel, user } = await openSettings();
    const sibling = panel.getByLabelText('Sibling fee ($)');

    // Act
    await user.clear(sibling);
    await user.type(sibling, '50');
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Season settings saved');
    await user.clear(sibling);
    await user.type(sibling, '35');
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    await vi.waitFor(() => expect(callsTo(api, 'PATCH', SETTINGS_PATH)).toHaveLength(2));
    expect(
      callsTo(api, 'PATCH', SETTINGS_PATH).map(
        (c) => (c.body as { sibling_fee_cents: number }).sibling_fee_cents,
      ),
    ).toEqual([5000, 3500]);
  });

  it('saves a new fee and a new session together, says so, and shows the new summary', async () => {
    // Prepare: a season with no one registered yet
    const { api, panel, user } = await openSettings(anAdminSeason(), []);

    // Act
    const fee = panel.getByLabelText('Tryout fee ($)');
    await user.clear(fee);
    await user.type(fee, '85');
    await user.click(panel.getByRole('button', { name: 'Add session' }));
    const session = panel.getByRole('group', { name: 'Session 1' });
    await user.type(within(session).getByLabelText('Date'), '2026-08-18');
    await user.clear(within(session).getByLabelText('Starts'));
    await user.type(within(session).getByLabelText('Starts'), '18:00');
    await user.clear(within(session).getByLabelText('Ends'));
    await user.type(within(session).getByLabelText('Ends'), '19:30');
    await user.type(within(session).getByLabelText('Gym'), 'Harry Ainlay gym');
    await user.type(within(session).getByLabelText('Address'), '4350 111 St NW, Edmonton');
    await user.click(within(session).getByLabelText('16U Boys'));
    await user.click(within(session).getByLabelText('15U Boys'));
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    expect(await screen.findByText('Season settings saved')).toBeInTheDocument();
    expect(toastRegion('success')).toHaveTextContent('Season settings saved');
    expect(callsTo(api, 'PATCH', SETTINGS_PATH).map((c) => c.body)).toEqual([
      {
        name: 'Fall 2025 Tryouts',
        tryout_fee_cents: 8500,
        sibling_fee_cents: 5000,
        reference_year: 2025,
        sessions: [SESSION],
        registration_opens_on: '',
      },
    ]);
    expect(panel.getByText('($85.00 · 1 session)')).toBeInTheDocument();
  });

  it('sends a new session again with the id the server gave it, so the next save edits it (issue 36)', async () => {
    // Prepare: the server gives each session an id when it is saved.
    const SAVED_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const sent: unknown[] = [];
    const { panel, user } = await openSettings(anAdminSeason({ sessions: [SESSION] }), []);
    server.use(
      onRoute('updateSeason', async ({ request }) => {
        const body = (await request.json()) as { sessions: TryoutSession[] };
        sent.push(body.sessions);
        return anAdminSeason({
          sessions: body.sessions.map((s) => ({ ...s, id: s.id ?? SAVED_ID, sequence: s.id ? 1 : 0 })),
        });
      }),
    );
    const session = panel.getByRole('group', { name: 'Session 1' });
    const day = within(session).getByLabelText('Date');

    // Act: saved once, then moved a day and saved again.
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Season settings saved');
    await user.clear(day);
    await user.type(day, '2026-08-19');
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual([
      { ...SESSION, id: SAVED_ID, starts_at: '2026-08-19T18:00', ends_at: '2026-08-19T19:30' },
    ]);
  });

  it.each([
    ['abc', 'Enter a tryout fee from $0.00 to $1,000.00.'],
    ['1000.01', 'Enter a tryout fee from $0.00 to $1,000.00.'],
  ])('refuses a fee of %j in place, sending nothing', async (typed, message) => {
    // Prepare
    const { api, panel, user } = await openSettings();

    // Act
    const fee = panel.getByLabelText('Tryout fee ($)');
    await user.clear(fee);
    await user.type(fee, typed);
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    expect(panel.getByText(message)).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'PATCH', SETTINGS_PATH)).toHaveLength(0);
  });

  it('refuses a session that ends before it starts, at that session, sending nothing', async () => {
    // Prepare
    const { api, panel, user } = await openSettings(anAdminSeason({ sessions: [{ ...SESSION }] }));
    const session = panel.getByRole('group', { name: 'Session 1' });

    // Act
    await user.clear(within(session).getByLabelText('Ends'));
    await user.type(within(session).getByLabelText('Ends'), '17:00');
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    expect(within(session).getByText('A session must end after it starts.')).toBeInTheDocument();
    expect(callsTo(api, 'PATCH', SETTINGS_PATH)).toHaveLength(0);
  });

  it('locks the age year once players have registered, and leaves it out of what it saves', async () => {
    // Prepare
    const { api, panel, user } = await openSettings(anAdminSeason(), [aRow()]);

    // Act
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    expect(panel.getByLabelText('Age year')).toBeDisabled();
    expect(panel.getByText(/Locked: players have registered/)).toBeInTheDocument();
    await screen.findByText('Season settings saved');
    expect(callsTo(api, 'PATCH', SETTINGS_PATH)[0]?.body).not.toHaveProperty('reference_year');
  });

  it("shows the server's message when it refuses, keeping everything typed", async () => {
    // Prepare
    const message =
      "The age year can't change once players have registered for the season: it would move them between age groups.";
    const { panel, user } = await openSettings(anAdminSeason(), []);
    server.use(onRoute('updateSeason', () => HttpResponse.json({ message }, { status: 409 })));

    // Act
    const year = panel.getByLabelText('Age year');
    await user.clear(year);
    await user.type(year, '2026');
    await user.click(panel.getByRole('button', { name: 'Save Settings' }));

    // Assess
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent(message);
    expect(year).toHaveValue('2026');
  });
});

describe('a new season with its fee and age year', () => {
  it('sends the fee in cents and the year when given, and only the name when they are left empty', async () => {
    // Prepare
    const api = serveAdmin({ seasons: [anAdminSeason()] });
    const { user } = renderAdmin();
    await user.click(await screen.findByText('New season'));
    const form = screen.getByRole('button', { name: 'Create Season' }).closest('form')!;

    // Act
    await user.type(within(form).getByLabelText('Season name'), 'Fall 2026 Tryouts');
    await user.type(within(form).getByLabelText('Tryout fee ($)'), '85.50');
    await user.type(within(form).getByLabelText('Age year'), '2027');
    await user.click(within(form).getByRole('button', { name: 'Create Season' }));
    await screen.findByText('Season "Fall 2026 Tryouts" created and activated.');
    await user.type(within(form).getByLabelText('Season name'), 'Winter Camp');
    await user.click(within(form).getByRole('button', { name: 'Create Season' }));
    await screen.findByText('Season "Winter Camp" created and activated.');

    // Assess
    expect(callsTo(api, 'POST', '/api/admin/seasons').map((c) => c.body)).toEqual([
      { name: 'Fall 2026 Tryouts', tryout_fee_cents: 8550, reference_year: 2027 },
      { name: 'Winter Camp' },
    ]);
  });

  it('refuses an age year outside 2000 to 2100 in place', async () => {
    // Prepare
    const api = serveAdmin({ seasons: [anAdminSeason()] });
    const { user } = renderAdmin();
    await user.click(await screen.findByText('New season'));
    const form = screen.getByRole('button', { name: 'Create Season' }).closest('form')!;

    // Act
    await user.type(within(form).getByLabelText('Season name'), 'Fall 2026 Tryouts');
    await user.type(within(form).getByLabelText('Age year'), '1999');
    await user.click(within(form).getByRole('button', { name: 'Create Season' }));

    // Assess
    expect(within(form).getByText('Enter an age year from 2000 to 2100.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/admin/seasons')).toHaveLength(0);
  });
});
