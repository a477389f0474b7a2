/**
 * A coach's roster on the phone (issue 45 §5): the families' phones to call, a medical note flagged and shown
 * only on a tap, and the server's refusal of another team's roster shown as it says.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CoachRoster } from '@club/shared/teams';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { CoachRosterApp } from './coach-roster';

const TEAM_ID = '44444444-4444-4444-8444-444444444444.7c1d2e3f-4a55-4b2e-8d6f-1a3c4e5f8a7b';

const ROSTER: CoachRoster = {
  team: { id: TEAM_ID, name: 'Sabres 15U Black', age_group: '15U Boys', coach_name: 'Jordan Coach' },
  season_name: 'Fall 2025 Tryouts',
  players: [
    {
      tryout_id: '44444444-4444-4444-8444-444444444444.00000000-0000-4000-8000-000000000004',
      tryout_number: 4,
      first_name: 'Leo',
      last_name: 'Okafor',
      birth_year: 2010,
      guardians: [{ name: 'Grace Okafor', phone: '7805550142' }],
      emergency_contact: { name: 'Ada Okafor', phone: '7805550199', relationship: 'other_family' },
      photo_consent: false,
      has_medical_notes: true,
      medical_notes: 'Peanut allergy: EpiPen in the blue bag',
    },
  ],
};

describe('the coach’s roster (issue 45)', () => {
  it('lists the team with phones to tap, and shows a medical note only when its flag is tapped', async () => {
    server.use(onRoute('getCoachRoster', () => ROSTER));
    const user = userEvent.setup();
    render(<CoachRosterApp teamId={TEAM_ID} />);

    const heading = await screen.findByRole('heading', { name: 'Sabres 15U Black' });
    expect(heading).toBeInTheDocument();
    const contacts = screen.getByRole('list', { name: 'Contacts for Leo Okafor' });
    expect(within(contacts).getByRole('link', { name: '780-555-0142' })).toHaveAttribute(
      'href',
      'tel:7805550142',
    );
    expect(screen.getByText('No photos')).toBeInTheDocument();
    expect(screen.queryByText('Peanut allergy: EpiPen in the blue bag')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Medical note/ }));

    expect(screen.getByText('Peanut allergy: EpiPen in the blue bag')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Medical note/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the server’s refusal of a team that is not the coach’s', async () => {
    server.use(
      onRoute(
        'getCoachRoster',
        () =>
          ({ message: 'You are not a helper for this job this season, or your access has ended.' }) as never,
        { status: 403 },
      ),
    );
    render(<CoachRosterApp teamId={TEAM_ID} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not a helper for this job this season, or your access has ended.',
    );
  });
});
