/** Issue 36: /tryout-information says the month its sessions are in, not "August" beside November dates. */
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { publicReadPath } from '@club/shared/public-paths';
import { forgetSeasonEvents } from '../lib/season-events';
import { server } from '../test/server';
import { aSeason } from '../features/tryouts/test-data';
import TryoutInformationPage from './tryout-information';

afterEach(() => forgetSeasonEvents());

function serveSeason(starts_at: string) {
  server.use(
    http.get(publicReadPath('getActiveSeason'), () =>
      HttpResponse.json(
        aSeason({
          sessions: [
            {
              kind: 'tryout',
              age_groups: ['15U Boys'],
              starts_at,
              ends_at: `${starts_at.slice(0, 11)}20:00`,
              location: 'Harry Ainlay gym',
              address: '4350 111 St NW, Edmonton',
            },
          ],
        }),
      ),
    ),
  );
}

describe('/tryout-information’s month (issue 36)', () => {
  it('names the month of the season’s sessions', async () => {
    serveSeason('2026-11-28T18:00');
    render(
      <MemoryRouter>
        <TryoutInformationPage />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText(
        'Tryouts are in November 2026. Here is everything you need to know before you come.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the spec’s sentence for the August 2025 season', async () => {
    serveSeason('2025-08-16T10:00');
    render(
      <MemoryRouter>
        <TryoutInformationPage />
      </MemoryRouter>,
    );
    await screen.findAllByText(/August 16, 2025/);
    expect(
      screen.getByText(
        'Fall 2025 tryouts are in August. Here is everything you need to know before you come.',
      ),
    ).toBeInTheDocument();
  });
});
