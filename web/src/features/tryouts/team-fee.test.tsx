/**
 * The team fee on the dashboard (issue 45 §4): "To pay" with Pay by card and, when the team takes cash, the
 * cash option; the receipt once paid; and giving a place up only after the club's refund policy is shown.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferAnswer } from '@club/shared/offers';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { AcceptedOfferActions } from './team-fee';

const OFFER_ID = '3f1c2a9e-0000-4000-8000-000000000001.7b2d4c6e-0000-4000-8000-000000000002';

function anOffer(overrides: Partial<OfferAnswer> = {}): OfferAnswer {
  return {
    id: OFFER_ID,
    team: 'Sabres 18U Black',
    state: 'accepted',
    respond_by: '2026-12-01T16:00:00.000Z',
    fee_cents: 35_000,
    coach_name: 'Jordan Coach',
    team_link: null,
    waiver_text: '',
    waiver_version: 0,
    fee_state: 'to_pay',
    cash_accepted: true,
    ...overrides,
  };
}

const POLICY = 'Team fees are refunded in full until December 15.';

describe('the team fee of an accepted place', () => {
  it('says what is to pay, with Pay by card and the cash option', () => {
    render(<AcceptedOfferActions offer={anOffer()} refundPolicy={POLICY} onChanged={() => undefined} />);

    expect(screen.getByRole('heading', { name: 'Your place on Sabres 18U Black' })).toBeInTheDocument();
    expect(screen.getByText('To pay: $350.00 team fee')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.getByText('or pay cash to the club')).toBeInTheDocument();
  });

  it('offers no cash to a team that takes cards only, and nothing to pay once paid', () => {
    const { rerender } = render(
      <AcceptedOfferActions
        offer={anOffer({ cash_accepted: false })}
        refundPolicy={POLICY}
        onChanged={() => undefined}
      />,
    );
    expect(screen.queryByText('or pay cash to the club')).not.toBeInTheDocument();
    expect(screen.getByText('This team takes the fee by card.')).toBeInTheDocument();

    rerender(
      <AcceptedOfferActions
        offer={anOffer({ fee_state: 'paid' })}
        refundPolicy={POLICY}
        onChanged={() => undefined}
      />,
    );
    expect(screen.queryByText('To pay: $350.00 team fee')).not.toBeInTheDocument();
    expect(screen.getByText('Team fee paid: $350.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download team fee receipt' })).toBeInTheDocument();
  });

  it('shows the refund policy before the place is given up, and gives it up once confirmed', async () => {
    // Prepare
    const user = userEvent.setup();
    let withdrawn = 0;
    server.use(
      onRoute('withdrawOffer', () => {
        withdrawn += 1;
        return anOffer({ state: 'declined' });
      }),
    );
    const changes: OfferAnswer[] = [];
    render(
      <AcceptedOfferActions offer={anOffer()} refundPolicy={POLICY} onChanged={(o) => changes.push(o)} />,
    );

    // Act
    await user.click(screen.getByRole('button', { name: 'Give up this place' }));

    // Assess: asked first, with the policy, and nothing sent yet.
    expect(screen.getByText(POLICY)).toBeInTheDocument();
    expect(withdrawn).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Yes, give up the place' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(withdrawn).toBe(1);
    expect(changes.map((o) => o.state)).toEqual(['declined']);
  });
});
