/**
 * The offer of a team place on the dashboard (issue 45 §3): team, coach, fee and the deadline in Edmonton
 * time with the time left; Accept with the waiver's typed name; Decline with an optional reason; the team link
 * only once accepted.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferAnswer } from '@club/shared/offers';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { OfferCard } from './offer-card';

const OFFER_ID = '3f1c2a9e-0000-4000-8000-000000000001.7b2d4c6e-0000-4000-8000-000000000002';

function anOffer(overrides: Partial<OfferAnswer> = {}): OfferAnswer {
  return {
    id: OFFER_ID,
    team: 'Sabres 18U Black',
    state: 'offered',
    respond_by: '2026-12-01T16:00:00.000Z',
    fee_cents: 35_000,
    coach_name: 'Jordan Coach',
    team_link: null,
    waiver_text: 'I accept the risks of playing basketball.',
    waiver_version: 2,
    ...overrides,
  };
}

/** Two days, three hours before the deadline. */
const NOW = new Date('2026-11-29T13:00:00.000Z');

describe('an offer of a team place', () => {
  it('shows the team, coach, fee and the deadline in Edmonton time with the time left, and no team link', () => {
    render(
      <OfferCard
        offer={anOffer({ team_link: 'https://go.teamsnap.com/x' })}
        onChanged={() => {}}
        now={NOW}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Offer: a place on Sabres 18U Black' })).toBeInTheDocument();
    expect(screen.getByText('Coach: Jordan Coach')).toBeInTheDocument();
    expect(screen.getByText('Team fee: $350.00')).toBeInTheDocument();
    expect(
      screen.getByText('Respond by Tuesday, December 1, 2026, 9:00 a.m. Edmonton time (2 days 3 hours left)'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Join Your Team on TeamSnap/ })).not.toBeInTheDocument();
  });

  it('accepts with the typed name and then shows the team link', async () => {
    // Prepare
    const sent: unknown[] = [];
    server.use(
      onRoute('acceptOffer', async ({ request }) => {
        sent.push(await request.json());
        return anOffer({ state: 'accepted', team_link: 'https://go.teamsnap.com/sabres-18u-black' });
      }),
    );
    const changes: OfferAnswer[] = [];
    const { rerender } = render(<OfferCard offer={anOffer()} onChanged={(o) => changes.push(o)} now={NOW} />);

    // Act
    await userEvent.type(screen.getByLabelText('Type your full name to accept the waiver'), 'Dana Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Accept the place' }));

    // Assess
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(sent).toEqual([{ waiver_name: 'Dana Okafor' }]);
    rerender(<OfferCard offer={changes[0]!} onChanged={() => {}} now={NOW} />);
    expect(screen.getByRole('status')).toHaveTextContent('You accepted a place on Sabres 18U Black.');
    expect(screen.getByRole('link', { name: /Join Your Team on TeamSnap/ })).toHaveAttribute(
      'href',
      'https://go.teamsnap.com/sabres-18u-black',
    );
  });

  it('says the server’s refusal, word for word, when the place was taken', async () => {
    server.use(
      onRoute('acceptOffer', () =>
        Response.json({ message: 'The team is full: every place has been accepted.' }, { status: 409 }),
      ),
    );
    render(<OfferCard offer={anOffer()} onChanged={() => {}} now={NOW} />);

    await userEvent.type(screen.getByLabelText('Type your full name to accept the waiver'), 'Dana Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Accept the place' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The team is full: every place has been accepted.',
    );
  });

  it('declines with an optional reason after asking', async () => {
    const sent: unknown[] = [];
    server.use(
      onRoute('declineOffer', async ({ request }) => {
        sent.push(await request.json());
        return anOffer({ state: 'declined' });
      }),
    );
    const changes: OfferAnswer[] = [];
    render(<OfferCard offer={anOffer()} onChanged={(o) => changes.push(o)} now={NOW} />);

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(
      screen.getByText('Decline the place on Sabres 18U Black? It goes to the next player waiting.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Moving to Calgary');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));

    await waitFor(() => expect(changes.map((o) => o.state)).toEqual(['declined']));
    expect(sent).toEqual([{ reason: 'Moving to Calgary' }]);
  });

  it.each([
    ['declined', 'You declined the place on Sabres 18U Black.'],
    ['expired', 'The offer of a place on Sabres 18U Black expired: it was not answered in time.'],
    ['rescinded', 'The club withdrew the offer of a place on Sabres 18U Black.'],
  ] as const)('says an offer %s ended, with no buttons and no link', (state, text) => {
    render(
      <OfferCard offer={anOffer({ state, team_link: 'https://go.teamsnap.com/x' })} onChanged={() => {}} />,
    );

    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('an offer whose fee is paid in instalments (issue 46)', () => {
  it('shows the plan before the family answers, with no Pay now', () => {
    render(
      <OfferCard
        offer={anOffer({
          instalments: [
            {
              n: 1,
              amount_cents: 17_500,
              due_date: null,
              state: 'due',
              paid_at: null,
              declined_reason: null,
              attempts: 0,
            },
            {
              n: 2,
              amount_cents: 17_500,
              due_date: '2027-01-15',
              state: 'scheduled',
              paid_at: null,
              declined_reason: null,
              attempts: 0,
            },
          ],
        })}
        onChanged={() => {}}
        now={NOW}
      />,
    );

    expect(screen.getByText('Team fee: $350.00, paid in 2 instalments')).toBeInTheDocument();
    expect(screen.queryByText('Team fee: $350.00')).not.toBeInTheDocument();
    const plan = screen.getByRole('list', { name: 'The team fee’s instalments' });
    expect(plan).toHaveTextContent('Instalment 1 of 2$175.00Due when you accept');
    expect(plan).toHaveTextContent('Instalment 2 of 2$175.00Due Friday, January 15, 2027');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
