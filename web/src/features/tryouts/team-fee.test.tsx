/**
 * The team fee on the dashboard (issue 45 §4): "To pay" with Pay by card and, when the team takes cash, the
 * cash option; the receipt once paid; and giving a place up only after the club's refund policy is shown.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InstalmentView } from '@club/shared/instalments';
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

/** Instalment n of a $350.00 fee in three ($116.67, $116.67, $116.66), as the server answers it. */
function anInstalment(n: number, overrides: Partial<InstalmentView> = {}): InstalmentView {
  return {
    n,
    amount_cents: n === 3 ? 11_666 : 11_667,
    due_date: [null, '2026-12-15', '2027-01-15'][n - 1] ?? null,
    state: n === 1 ? 'due' : 'scheduled',
    paid_at: null,
    declined_reason: null,
    attempts: 0,
    ...overrides,
  };
}

describe('a team fee in instalments (issue 46)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the plan with dates in Edmonton time and pays the first instalment by card', async () => {
    // Prepare
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let bodies: unknown[] = [];
    server.use(
      onRoute('startOfferCheckout', async ({ request }) => {
        bodies = [...bodies, await request.json()];
        return { url: 'https://checkout.example.test/c/pay/cs_test_first' };
      }),
    );
    render(
      <AcceptedOfferActions
        offer={anOffer({ instalments: [anInstalment(1), anInstalment(2), anInstalment(3)] })}
        refundPolicy={POLICY}
        onChanged={() => undefined}
      />,
    );
    expect(screen.getByText('To pay: $350.00 team fee, in 3 instalments')).toBeInTheDocument();
    const plan = screen.getByRole('list', { name: 'Your team fee instalments' });
    expect(
      within(plan)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Instalment 1 of 3$116.67Due when you acceptTo pay',
      'Instalment 2 of 3$116.67Due Tuesday, December 15, 2026Scheduled: charged to your card that day',
      'Instalment 3 of 3$116.66Due Friday, January 15, 2027Scheduled: charged to your card that day',
    ]);
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Pay first instalment ($116.67)' }));

    // Assess
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_test_first'),
    );
    expect(bodies).toEqual([{}]);
  });

  it('shows a declined instalment with the family’s reason, and Pay now opens its own checkout', async () => {
    // Prepare
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const asked: string[] = [];
    server.use(
      onRoute('startInstalmentCheckout', ({ params }) => {
        asked.push(`${String(params.offerId)} ${String(params.n)}`);
        return { url: 'https://checkout.example.test/c/pay/cs_test_second' };
      }),
    );
    render(
      <AcceptedOfferActions
        offer={anOffer({
          fee_state: 'on_plan',
          instalments: [
            anInstalment(1, { state: 'paid', paid_at: '2026-11-29T05:30:00.000Z', attempts: 1 }),
            anInstalment(2, {
              state: 'declined',
              declined_reason: 'The card was declined for insufficient funds.',
              attempts: 1,
            }),
            anInstalment(3),
          ],
        })}
        refundPolicy={POLICY}
        onChanged={() => undefined}
      />,
    );
    expect(screen.getByText('Team fee: 1 of 3 instalments paid')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Instalment 2 could not be charged to your card. Pay it now with the button below.',
    );
    const lines = within(screen.getByRole('list', { name: 'Your team fee instalments' })).getAllByRole(
      'listitem',
    );
    // Paid at 10:30 p.m. on November 28 in Edmonton (05:30 on the 29th in UTC).
    expect(lines[0]).toHaveTextContent('Paid November 28, 2026');
    expect(lines[0]).not.toHaveTextContent('Due when you accept');
    expect(lines[1]).toHaveTextContent('Declined: The card was declined for insufficient funds.');
    expect(within(lines[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(lines[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('or pay cash to the club')).not.toBeInTheDocument();

    // Act
    await user.click(within(lines[1]!).getByRole('button', { name: 'Pay now Instalment 2 of 3' }));

    // Assess
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.example.test/c/pay/cs_test_second'),
    );
    expect(asked).toEqual([`${OFFER_ID} 2`]);
  });

  it('keeps a fee paid in full as it was: no plan when the answer has none', () => {
    render(
      <AcceptedOfferActions
        offer={anOffer({ instalments: null })}
        refundPolicy={POLICY}
        onChanged={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Pay by card' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
