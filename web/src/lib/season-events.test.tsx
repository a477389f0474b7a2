import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Season, TryoutSession } from '@club/shared/types';
import HomePage from '../routes/home';
import TryoutInformationPage from '../routes/tryout-information';
import { server } from '../test/server';
import { forgetSeasonEvents, toEventCards } from './season-events';

const HARRY = { location: 'Harry Ainlay gym', address: '4350 111 St NW, Edmonton' };
const session = (
  starts_at: string,
  ends_at: string,
  age_groups: TryoutSession['age_groups'],
  kind: TryoutSession['kind'] = 'tryout',
): TryoutSession => ({ kind, age_groups, starts_at, ends_at, ...HARRY });

const SEASON: Season = {
  id: 'season-1',
  name: 'Fall 2026 Tryouts',
  is_active: true,
  age_groups: ['15U Boys', '16U Boys', '17U Boys', '15U Girls'],
  is_registration_open: true,
  tryout_fee_cents: 8500,
  sibling_fee_cents: 8500,
  reference_year: 2026,
  registration_opens_on: null,
  waiver_text: '',
  waiver_version: 0,
  refund_policy: '',
  sessions: [
    session('2026-08-19T18:00', '2026-08-19T19:30', ['15U Boys', '16U Boys']),
    session('2026-08-18T18:00', '2026-08-18T19:30', ['15U Boys', '16U Boys']),
    session('2026-08-12T18:00', '2026-08-12T20:00', ['15U Girls'], 'open-gym'),
  ],
};

function serveSeason(season: Season | null) {
  let asked = 0;
  server.use(
    http.get('/api/seasons/active', () => {
      asked += 1;
      return season
        ? HttpResponse.json(season)
        : HttpResponse.json({ message: 'No active season.' }, { status: 404 });
    }),
  );
  return { asked: () => asked };
}

const renderAt = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);

afterEach(() => forgetSeasonEvents());

describe('toEventCards', () => {
  it('makes one card per kind, age groups and gym, its sessions in time order, then the place', () => {
    expect(toEventCards(SEASON.sessions)).toEqual([
      {
        id: 'session-1',
        title: '15U Girls Open Gym',
        kind: 'open-gym',
        details: [
          'Wednesday, August 12, 2026 · 6:00 p.m. – 8:00 p.m.',
          'Harry Ainlay gym, 4350 111 St NW, Edmonton',
        ],
      },
      {
        id: 'session-2',
        title: '15U/16U Boys Tryouts',
        kind: 'tryout',
        details: [
          'Tuesday, August 18, 2026 · 6:00 p.m. – 7:30 p.m.',
          'Wednesday, August 19, 2026 · 6:00 p.m. – 7:30 p.m.',
          'Harry Ainlay gym, 4350 111 St NW, Edmonton',
        ],
      },
    ]);
  });
});

describe('the public pages read the active season', () => {
  it("shows no dates before the season's answer, then the season's sessions, month and fee on the home page", async () => {
    // Prepare
    serveSeason(SEASON);

    // Act
    renderAt(<HomePage />);

    // Assess: nothing dated before the answer, only the static cards for visitors without scripts
    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(within(events).getByText('Checking the season’s dates…')).toBeInTheDocument();
    expect(within(events).queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(await within(events).findByRole('heading', { name: '15U/16U Boys Tryouts' })).toBeInTheDocument();
    expect(within(events).getByText('Tuesday, August 18, 2026 · 6:00 p.m. – 7:30 p.m.')).toBeInTheDocument();
    expect(within(events).getByText('August 2026')).toBeInTheDocument();
    expect(within(events).getByText('Tryout fee: $85.00')).toBeInTheDocument();
    expect(within(events).queryByText(/2025/)).not.toBeInTheDocument();
  });

  it('offers "Register for tryouts" beside the tryout information while registration is open (issue 18)', async () => {
    // Prepare
    serveSeason(SEASON);

    // Act
    renderAt(<HomePage />);

    // Assess
    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(await within(events).findByRole('link', { name: 'Register for tryouts' })).toHaveAttribute(
      'href',
      '/tryout',
    );
    expect(within(events).getByRole('link', { name: 'Tryout information' })).toBeInTheDocument();
  });

  it('puts "Register for tryouts" in the hero, before the seasons’ buttons, while registration is open (issue 42)', async () => {
    // Prepare: on a phone the events' link is 4,300 px down; the hero is the first screenful.
    serveSeason(SEASON);

    // Act
    renderAt(<HomePage />);

    // Assess
    const hero = screen.getByRole('region', {
      name: 'Elite coaching for every athlete, regardless of finances',
    });
    const register = await within(hero).findByRole('link', { name: 'Register for tryouts' });
    expect(register).toHaveAttribute('href', '/tryout');
    const fall = within(hero).getByRole('link', { name: 'Fall Season' });
    expect(register.compareDocumentPosition(fall) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leads the hero to the tryout information instead while registration is closed', async () => {
    serveSeason({ ...SEASON, is_registration_open: false });

    renderAt(<HomePage />);

    const hero = screen.getByRole('region', {
      name: 'Elite coaching for every athlete, regardless of finances',
    });
    expect(await within(hero).findByRole('link', { name: 'Tryout information' })).toHaveAttribute(
      'href',
      '/tryout-information',
    );
    expect(within(hero).queryByRole('link', { name: 'Register for tryouts' })).not.toBeInTheDocument();
  });

  it('offers no registration on the home page while registration is closed', async () => {
    // Prepare
    serveSeason({ ...SEASON, is_registration_open: false });

    // Act
    renderAt(<HomePage />);

    // Assess
    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(await within(events).findByText('Tryout fee: $85.00')).toBeInTheDocument();
    expect(within(events).queryByRole('link', { name: 'Register for tryouts' })).not.toBeInTheDocument();
    expect(within(events).getByRole('link', { name: 'Tryout information' })).toBeInTheDocument();
  });

  it('keeps the static cards of spec §3 when there is no active season', async () => {
    // Prepare
    serveSeason(null);

    // Act
    renderAt(<HomePage />);

    // Assess
    const events = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(await within(events).findByRole('heading', { name: '15U/16U Boys Tryouts' })).toBeInTheDocument();
    expect(within(events).getByRole('heading', { name: '17/18U Boys Tryouts' })).toBeInTheDocument();
    expect(
      within(events).getByText('Saturday, August 16, 2025 · 10:00 a.m. – 12:00 p.m.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(events).getByText('August 2025')).toBeInTheDocument();
  });

  it('splits tryouts and open gyms on /tryout-information, asks once for both, and shows the fee', async () => {
    // Prepare
    const api = serveSeason(SEASON);

    // Act
    renderAt(<TryoutInformationPage />);

    // Assess
    const schedule = screen.getByRole('region', { name: 'Tryout schedule' });
    const gyms = screen.getByRole('region', { name: 'Open gyms' });
    expect(
      await within(schedule).findByRole('heading', { name: '15U/16U Boys Tryouts' }),
    ).toBeInTheDocument();
    expect(within(schedule).queryByRole('heading', { name: '15U Girls Open Gym' })).not.toBeInTheDocument();
    expect(within(gyms).getByRole('heading', { name: '15U Girls Open Gym' })).toBeInTheDocument();
    expect(
      within(schedule).getByText(
        'Tryout fee: $85.00, paid by card when you register or in cash on tryout day.',
      ),
    ).toBeInTheDocument();
    expect(api.asked()).toBe(1);
  });

  it('takes the answer the paint-first script asked for while the app loaded, and asks no second time', async () => {
    // Prepare: the script's request, already sent
    const api = serveSeason(SEASON);
    window.clubActiveSeason = fetch('/api/seasons/active', { headers: { Accept: 'application/json' } });
    const sentByScript = api.asked;

    // Act
    renderAt(<TryoutInformationPage />);

    // Assess
    const schedule = screen.getByRole('region', { name: 'Tryout schedule' });
    expect(
      await within(schedule).findByRole('heading', { name: '15U/16U Boys Tryouts' }),
    ).toBeInTheDocument();
    expect(sentByScript()).toBe(1);
    expect(window.clubActiveSeason).toBeUndefined();
  });

  it('says none are planned when the season has tryouts but no open gym', async () => {
    // Prepare
    serveSeason({ ...SEASON, sessions: SEASON.sessions.filter((s) => s.kind === 'tryout') });

    // Act
    renderAt(<TryoutInformationPage />);

    // Assess
    const gyms = screen.getByRole('region', { name: 'Open gyms' });
    expect(await within(gyms).findByText('None planned yet. Check back soon.')).toBeInTheDocument();
  });
});
