import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, queryRegistrationsTable, refused, renderAdmin, serveAdmin, toastRegion } from './test-api';
import { anAdminSeason, aRow, OLDER_SEASON_ID, SEASON_ID, tryoutId } from './test-data';

const fall = anAdminSeason({ name: 'Fall 2025 Tryouts', is_registration_open: true });
const spring = anAdminSeason({
  id: OLDER_SEASON_ID,
  name: 'Spring 2025 Tryouts',
  is_active: false,
  is_registration_open: false,
});

describe('season selector (spec §2, §7 GET /seasons/all)', () => {
  it('selects the first (newest) season and shows its rows', async () => {
    // Prepare
    const api = serveAdmin({
      seasons: [fall, spring],
      rows: {
        [SEASON_ID]: [aRow({ first_name: 'Maya', last_name: 'Okafor' })],
        [OLDER_SEASON_ID]: [aRow({ id: tryoutId(9, OLDER_SEASON_ID), first_name: 'Liam', last_name: 'Roy' })],
      },
    });

    // Act
    renderAdmin();

    // Assess
    const select = await screen.findByRole('combobox', { name: 'Season' });
    expect(select).toHaveDisplayValue('Fall 2025 Tryouts (active)');
    expect(await screen.findByRole('button', { name: 'Maya Okafor (details)' })).toBeInTheDocument();
    expect(callsTo(api, 'GET', new RegExp(`^/api/admin/tryouts/page\\?season_id=${SEASON_ID}`))).toHaveLength(
      1,
    );
    expect(
      callsTo(api, 'GET', new RegExp(`^/api/admin/tryouts/page\\?season_id=${OLDER_SEASON_ID}`)),
    ).toHaveLength(0);
  });

  it('loads another season’s rows and registration when it is chosen', async () => {
    // Prepare
    serveAdmin({
      seasons: [fall, spring],
      rows: {
        [SEASON_ID]: [aRow({ first_name: 'Maya', last_name: 'Okafor' })],
        [OLDER_SEASON_ID]: [aRow({ id: tryoutId(9, OLDER_SEASON_ID), first_name: 'Liam', last_name: 'Roy' })],
      },
    });
    const { user } = renderAdmin();
    await screen.findByRole('button', { name: 'Maya Okafor (details)' });

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Season' }), 'Spring 2025 Tryouts');

    // Assess
    expect(await screen.findByRole('button', { name: 'Liam Roy (details)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Maya Okafor (details)' })).not.toBeInTheDocument();
    expect(screen.getByText('CLOSED')).toBeInTheDocument();
  });

  it('says "Failed to fetch seasons" when the seasons cannot be read, and can try again', async () => {
    // Prepare
    const api = serveAdmin({ seasons: [fall] });
    server.use(onRoute('listSeasons', () => refused(), { once: true }));
    const { user } = renderAdmin();

    // Assess
    expect(await screen.findByText('Failed to fetch seasons', { selector: '.toast p' })).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to fetch seasons');

    // Act
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(await screen.findByRole('combobox', { name: 'Season' })).toBeInTheDocument();
    expect(callsTo(api, 'GET', '/api/seasons/all')).toHaveLength(2);
  });

  it('says "Failed to fetch tryout data" when the rows cannot be read', async () => {
    // Prepare
    serveAdmin({ seasons: [fall] });
    server.use(onRoute('listTryoutPage', () => refused()));

    // Act
    renderAdmin();

    // Assess
    expect(
      await screen.findByText('Failed to fetch tryout data', { selector: '.toast p' }),
    ).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to fetch tryout data');
    expect(queryRegistrationsTable()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('create season (spec §5 name rule, §8 toasts)', () => {
  it('refuses a blank name with "Please enter a season name." and sends nothing', async () => {
    // Prepare
    const api = serveAdmin({ seasons: [fall] });
    const { user } = renderAdmin();
    await user.click(await screen.findByText('New season'));

    // Act
    await user.type(screen.getByLabelText('Season name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Season' }));

    // Assess
    expect(screen.getByText('Please enter a season name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Season name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Season name')).toHaveFocus();
    expect(callsTo(api, 'POST', '/api/admin/seasons')).toHaveLength(0);
  });

  it('creates the season, says "Season "{name}" created and activated." and selects it', async () => {
    // Prepare
    const api = serveAdmin({ seasons: [fall] });
    const { user } = renderAdmin();
    await user.click(await screen.findByText('New season'));

    // Act
    await user.type(screen.getByLabelText('Season name'), '  Spring 2026 Tryouts ');
    await user.click(screen.getByRole('button', { name: 'Create Season' }));

    // Assess
    expect(
      await screen.findByText('Season "Spring 2026 Tryouts" created and activated.'),
    ).toBeInTheDocument();
    expect(toastRegion('success')).toHaveTextContent('Season "Spring 2026 Tryouts" created and activated.');
    expect(callsTo(api, 'POST', '/api/admin/seasons').map((c) => c.body)).toEqual([
      { name: 'Spring 2026 Tryouts' },
    ]);
    const select = screen.getByRole('combobox', { name: 'Season' });
    expect(select).toHaveDisplayValue('Spring 2026 Tryouts (active)');
    expect(within(select).getByRole('option', { name: 'Fall 2025 Tryouts' })).toBeInTheDocument();
    expect(screen.getByLabelText('Season name')).toHaveValue('');
  });

  it('says "Failed to create season" when refused, keeping the name typed', async () => {
    // Prepare
    serveAdmin({ seasons: [fall] });
    server.use(onRoute('createSeason', () => refused()));
    const { user } = renderAdmin();
    await user.click(await screen.findByText('New season'));

    // Act
    await user.type(screen.getByLabelText('Season name'), 'Spring 2026 Tryouts');
    await user.click(screen.getByRole('button', { name: 'Create Season' }));

    // Assess
    expect(await screen.findByText('Failed to create season')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to create season');
    expect(screen.getByLabelText('Season name')).toHaveValue('Spring 2026 Tryouts');
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveDisplayValue('Fall 2025 Tryouts (active)');
  });

  it('offers the form at once when there is no season yet', async () => {
    // Prepare
    serveAdmin({ seasons: [] });

    // Act
    renderAdmin();

    // Assess
    expect(await screen.findByLabelText('Season name')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Season' })).not.toBeInTheDocument();
  });
});

describe('registration window (spec §2 OPEN/CLOSED, §8 toasts)', () => {
  it('shows OPEN with a Close Registration button, and closes it: "Registration closed"', async () => {
    // Prepare
    const api = serveAdmin({ seasons: [fall] });
    const { user } = renderAdmin();
    expect(await screen.findByText('OPEN')).toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Close Registration' }));

    // Assess
    expect(await screen.findByText('Registration closed')).toBeInTheDocument();
    expect(toastRegion('success')).toHaveTextContent('Registration closed');
    expect(screen.getByText('CLOSED')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Registration' })).toBeInTheDocument();
    expect(callsTo(api, 'PATCH', `/api/admin/seasons/${SEASON_ID}/registration`).map((c) => c.body)).toEqual([
      { open: false },
    ]);
  });

  it('opens a closed season: "Registration opened"', async () => {
    // Prepare
    serveAdmin({ seasons: [anAdminSeason({ is_registration_open: false })] });
    const { user } = renderAdmin();
    expect(await screen.findByText('CLOSED')).toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Open Registration' }));

    // Assess
    expect(await screen.findByText('Registration opened')).toBeInTheDocument();
    expect(screen.getByText('OPEN')).toBeInTheDocument();
  });

  it('shows what the server says now, not what the season list said', async () => {
    // Prepare
    serveAdmin({ seasons: [fall] });
    server.use(onRoute('getRegistrationStatus', () => Response.json({ is_registration_open: false })));

    // Act
    renderAdmin();

    // Assess
    expect(await screen.findByText('CLOSED')).toBeInTheDocument();
  });

  it('says "Failed to update registration status" and keeps the status when refused', async () => {
    // Prepare
    serveAdmin({ seasons: [fall] });
    server.use(onRoute('setRegistrationStatus', () => refused()));
    const { user } = renderAdmin();
    await screen.findByText('OPEN');

    // Act
    await user.click(screen.getByRole('button', { name: 'Close Registration' }));

    // Assess
    expect(await screen.findByText('Failed to update registration status')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to update registration status');
    expect(screen.getByText('OPEN')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close Registration' })).toBeInTheDocument();
  });

  it('says "Failed to load registration status" when it cannot be read', async () => {
    // Prepare
    serveAdmin({ seasons: [fall] });
    server.use(onRoute('getRegistrationStatus', () => refused()));

    // Act
    renderAdmin();

    // Assess
    expect(await screen.findByText('Failed to load registration status')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to load registration status');
  });
});
