import { screen, within } from '@testing-library/react';
import { HttpResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminRefundAnswer, AdminTryoutRow } from '@club/shared/types';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, renderAdminWithRows, serveAdmin, toastRegion } from './test-api';
import { aRow, tryoutId } from './test-data';

const REFUND_PATH = `/api/admin/tryouts/${tryoutId(1)}/refund`;

/** An $85.00 card payment, paid. */
function paidByCard(overrides: Partial<AdminTryoutRow> = {}): AdminTryoutRow {
  return aRow({
    payment_method: 'stripe',
    payment_status: 'paid',
    amount_paid_cents: 8500,
    amount_refunded_cents: 0,
    amount_due_cents: 0,
    ...overrides,
  });
}

/** Opens the row's Player Details; `handlers` change the API's answers. */
async function openDetails(row: AdminTryoutRow, ...handlers: HttpHandler[]) {
  const api = serveAdmin({ rows: [row] });
  server.use(...handlers);
  const rendered = await renderAdminWithRows();
  await rendered.user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));
  const panel = screen.getByRole('region', { name: 'Payment and refunds' });
  return { api, panel, ...rendered };
}

describe('refunds in Player Details (issue 15)', () => {
  it('asks before refunding, sends one key, and keeps the same key when the first try fails', async () => {
    // Prepare: the first try fails, the second succeeds.
    let tries = 0;
    const refundRoute = onRoute('refundTryout', async ({ request }) => {
      tries += 1;
      if (tries === 1) return HttpResponse.json({ message: 'Something went wrong.' }, { status: 503 });
      const body = (await request.json()) as {
        amount_cents: number;
        reason: string;
        idempotency_key: string;
      };
      const answer: AdminRefundAnswer = {
        ...paidByCard({ payment_status: 'partially_refunded', amount_refunded_cents: body.amount_cents }),
        refunds: [
          {
            key: body.idempotency_key,
            amount_cents: body.amount_cents,
            method: 'stripe',
            status: 'succeeded',
            reason: body.reason,
            created_at: '2026-11-24T15:00:00.000Z',
          },
        ],
        refund: {
          key: body.idempotency_key,
          amount_cents: body.amount_cents,
          method: 'stripe',
          status: 'succeeded',
          reason: body.reason,
          created_at: '2026-11-24T15:00:00.000Z',
        },
      };
      return answer;
    });
    const { api, panel, user } = await openDetails(paidByCard(), refundRoute);
    const amount = within(panel).getByLabelText('Amount to refund ($)');
    expect(amount).toHaveValue('85.00');

    // Act: $35.00, a reason, then the confirmation.
    await user.clear(amount);
    await user.type(amount, '35');
    await user.type(within(panel).getByLabelText('Reason'), 'Injured before tryouts');
    await user.click(within(panel).getByRole('button', { name: 'Refund…' }));

    // Assess: nothing sent before the admin confirms.
    expect(within(panel).getByText("Refund $35.00 to Maya Okafor's card?")).toBeInTheDocument();
    expect(callsTo(api, 'POST', REFUND_PATH)).toHaveLength(0);

    // Act: confirm; the server fails; the admin tries again.
    await user.click(within(panel).getByRole('button', { name: 'Yes, refund $35.00' }));
    expect(await within(toastRegion('error')).findByText('Failed to refund')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Amount to refund ($)')).toHaveValue('35');
    await user.click(within(panel).getByRole('button', { name: 'Refund…' }));
    await user.click(within(panel).getByRole('button', { name: 'Yes, refund $35.00' }));

    // Assess: two requests with one key, the toast, and the new amounts.
    expect(await within(toastRegion('success')).findByText('Refunded $35.00')).toBeInTheDocument();
    const bodies = callsTo(api, 'POST', REFUND_PATH).map((c) => c.body as Record<string, unknown>);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ amount_cents: 3500, reason: 'Injured before tryouts' });
    expect(bodies[0]!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodies[1]!.idempotency_key).toBe(bodies[0]!.idempotency_key);
    expect(within(panel).getByText('Left to refund').nextElementSibling).toHaveTextContent('$50.00');
    expect(within(panel).getByRole('listitem')).toHaveTextContent(
      '$35.00 · Nov 24, 2026 · Injured before tryouts',
    );
    expect(within(panel).getByLabelText('Amount to refund ($)')).toHaveValue('50.00');
  });

  it('makes a new key for the next refund once one succeeded', async () => {
    // Prepare
    const refundRoute = onRoute('refundTryout', async ({ request }) => {
      const body = (await request.json()) as {
        amount_cents: number;
        reason: string;
        idempotency_key: string;
      };
      const refund = {
        key: body.idempotency_key,
        amount_cents: body.amount_cents,
        method: 'stripe' as const,
        status: 'succeeded' as const,
        reason: body.reason,
        created_at: '2026-11-24T15:00:00.000Z',
      };
      return { ...paidByCard({ amount_refunded_cents: 1000 }), refunds: [refund], refund };
    });
    const { api, panel, user } = await openDetails(paidByCard(), refundRoute);

    // Act: two refunds of $10.00.
    for (let i = 0; i < 2; i += 1) {
      const amount = within(panel).getByLabelText('Amount to refund ($)');
      await user.clear(amount);
      await user.type(amount, '10');
      await user.type(within(panel).getByLabelText('Reason'), 'Overcharged');
      await user.click(within(panel).getByRole('button', { name: 'Refund…' }));
      await user.click(within(panel).getByRole('button', { name: 'Yes, refund $10.00' }));
      await within(panel).findByRole('button', { name: 'Refund…' });
    }

    // Assess
    const keys = callsTo(api, 'POST', REFUND_PATH).map(
      (c) => (c.body as { idempotency_key: string }).idempotency_key,
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it.each([
    [
      '$85.01, one cent more than was paid',
      '85.01',
      'That is more than is left to refund: $85.00 of the $85.00 paid.',
    ],
    ['nothing', '0', 'Enter a refund amount of at least $0.01.'],
    ['words', 'all of it', 'Enter a refund amount of at least $0.01.'],
  ])('refuses %s with a clear message and sends nothing', async (_, typed, message) => {
    // Prepare
    const { api, panel, user } = await openDetails(paidByCard());
    const amount = within(panel).getByLabelText('Amount to refund ($)');

    // Act
    await user.clear(amount);
    await user.type(amount, typed);
    await user.click(within(panel).getByRole('button', { name: 'Refund…' }));

    // Assess
    expect(within(panel).getByText(message)).toBeInTheDocument();
    expect(within(panel).getByText('Please say why the money is refunded.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Yes, refund/ })).not.toBeInTheDocument();
    expect(callsTo(api, 'POST', REFUND_PATH)).toHaveLength(0);
  });

  it('allows exactly what was paid: $85.00 of $85.00', async () => {
    // Prepare
    const { panel, user } = await openDetails(paidByCard());

    // Act
    await user.type(within(panel).getByLabelText('Reason'), 'Season cancelled');
    await user.click(within(panel).getByRole('button', { name: 'Refund…' }));

    // Assess
    expect(within(panel).getByRole('button', { name: 'Yes, refund $85.00' })).toBeInTheDocument();
  });

  it('asks to record an e-Transfer refund as money sent back by e-Transfer, not to a card (issue 46)', async () => {
    // Prepare
    const { panel, user } = await openDetails(paidByCard({ payment_method: 'etransfer' }));

    // Act
    await user.type(within(panel).getByLabelText('Reason'), 'Moved away');
    await user.click(within(panel).getByRole('button', { name: 'Refund…' }));

    // Assess
    expect(within(panel).getByText('$85.00 (e-Transfer)')).toBeInTheDocument();
    expect(
      within(panel).getByText('Record $85.00 sent back by Interac e-Transfer to Maya Okafor?'),
    ).toBeInTheDocument();
    expect(
      within(panel).queryByText(
        'Stripe sends the money back to the card; it can take 5–10 business days to show.',
      ),
    ).not.toBeInTheDocument();
  });

  it('records cash given back as cash, and offers nothing once all of it went back', async () => {
    // Prepare
    const { panel } = await openDetails(
      aRow({ payment_status: 'refunded', amount_paid_cents: 5000, amount_refunded_cents: 5000 }),
    );

    // Assess
    expect(within(panel).getByText('Everything paid has been refunded.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
  });

  it('says nothing can be refunded while cash is still to collect', async () => {
    // Prepare
    const { panel } = await openDetails(aRow());

    // Assess
    expect(
      within(panel).getByText('Nothing has been paid yet, so there is nothing to refund.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Owed').nextElementSibling).toHaveTextContent('$50.00');
  });

  it('tells the admin a disputed payment is answered in Stripe', async () => {
    // Prepare
    const { panel } = await openDetails(paidByCard({ payment_status: 'disputed' }));

    // Assess
    expect(
      within(panel).getByText(
        "The cardholder's bank disputed this payment. Answer the dispute in Stripe's dashboard.",
      ),
    ).toBeInTheDocument();
  });

  it('asks to confirm a cash refund as cash given back', async () => {
    // Prepare
    const { panel, user } = await openDetails(aRow({ payment_status: 'paid' }));

    // Act
    await user.type(within(panel).getByLabelText('Reason'), 'Withdrew');
    await user.click(within(panel).getByRole('button', { name: 'Refund…' }));

    // Assess
    expect(within(panel).getByText('Record $50.00 given back in cash to Maya Okafor?')).toBeInTheDocument();
  });

  it('offers Retry on a refund left waiting for Stripe, and sends that refund again with its own key', async () => {
    // Prepare: $20.00 of $85.00 asked back and never answered (a crash, or a lost answer)
    const waiting = {
      key: 'admin:kept-key-0001',
      amount_cents: 2000,
      method: 'stripe' as const,
      status: 'pending' as const,
      reason: 'Withdrew before tryouts',
      created_at: '2026-11-24T15:00:00.000Z',
      retry_key: 'kept-key-0001',
    };
    const sent: unknown[] = [];
    const refundRoute = onRoute('refundTryout', async ({ request }) => {
      const body = (await request.json()) as { amount_cents: number };
      sent.push(body);
      const done = { ...waiting, status: 'succeeded' as const, retry_key: undefined };
      const answer: AdminRefundAnswer = {
        ...paidByCard({ payment_status: 'partially_refunded', amount_refunded_cents: body.amount_cents }),
        refunds: [done],
        refund: done,
      };
      return HttpResponse.json(answer);
    });
    const { panel, user } = await openDetails(paidByCard({ refunds: [waiting] }), refundRoute);
    expect(within(panel).getByText(/\(waiting for Stripe\)/)).toBeInTheDocument();

    // Act
    await user.click(within(panel).getByRole('button', { name: 'Retry the refund of $20.00 with Stripe' }));

    // Assess: the same refund, its own key; then it reads as made
    expect(sent).toEqual([
      { amount_cents: 2000, reason: 'Withdrew before tryouts', idempotency_key: 'kept-key-0001' },
    ]);
    expect(await within(toastRegion('success')).findByText('Refunded $20.00')).toBeInTheDocument();
    expect(within(panel).queryByText(/\(waiting for Stripe\)/)).not.toBeInTheDocument();
  });

  it('says a family payment needs reconciling when Stripe refunded more than its registrations hold', async () => {
    const { panel } = await openDetails(paidByCard({ unreconciled_refund_cents: 4500 }));

    expect(
      within(panel).getByText(
        "Needs reconciling: Stripe shows $45.00 more refunded on this family payment than its registrations hold. Check the payment in Stripe's dashboard.",
      ),
    ).toBeInTheDocument();
  });
});
