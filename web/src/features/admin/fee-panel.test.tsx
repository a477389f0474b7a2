/** Issue 36: the fee a family that asked about financial support pays, set in Player Details. */
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow } from '@club/shared/types';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { renderAdminWithRows, serveAdmin, toastRegion } from './test-api';
import { aRow } from './test-data';

async function openDetails(row: AdminTryoutRow) {
  serveAdmin({ rows: [row] });
  const sent: unknown[] = [];
  server.use(
    onRoute('setTryoutFee', async ({ request }) => {
      const body = (await request.json()) as { amount_cents: number };
      sent.push(body);
      return { ...row, amount_due_cents: body.amount_cents };
    }),
  );
  const rendered = await renderAdminWithRows();
  await rendered.user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));
  return { sent, ...rendered };
}

describe('the fee in Player Details (issue 36)', () => {
  it('shows the family’s request and what was asked at registration, then sets the fee it pays', async () => {
    // Prepare: an unpaid cash registration of a family that asked about support, with a waiver and notes.
    const { sent, user } = await openDetails(
      aRow({
        financial_support_requested: true,
        photo_consent: true,
        medical_notes: 'Asthma: inhaler in bag.',
        waiver: { version: 2, signed_name: 'Grace Okafor', accepted_at: '2026-11-27T16:42:00.000Z' },
      }),
    );
    const asked = screen.getByRole('region', { name: 'Asked at registration' });
    expect(
      within(asked).getByText('Accepted by Grace Okafor on November 27, 2026 at 9:42 a.m. (version 2)'),
    ).toBeInTheDocument();
    expect(within(asked).getByText('Asthma: inhaler in bag.')).toBeInTheDocument();
    const fee = screen.getByRole('region', { name: 'Fee' });
    expect(within(fee).getByText(/The family asked about financial support\./)).toBeInTheDocument();

    // Act: a fee that is not money, then $15.00.
    const input = within(fee).getByLabelText('Fee (dollars)');
    await user.clear(input);
    await user.type(input, '-3');
    await user.click(within(fee).getByRole('button', { name: 'Set fee' }));
    expect(within(fee).getByText('Enter the fee in dollars and cents, $0.00 or more.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '15');
    await user.click(within(fee).getByRole('button', { name: 'Set fee' }));

    // Assess
    expect(
      await within(toastRegion('success')).findByText('Maya Okafor’s fee is now $15.00.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ amount_cents: 1500 }]);
  });

  it('offers no fee once something was paid', async () => {
    await openDetails(aRow({ payment_method: 'stripe', payment_status: 'paid', amount_paid_cents: 5000 }));
    expect(screen.queryByRole('region', { name: 'Fee' })).not.toBeInTheDocument();
  });

  it('marks the row with what was asked at registration: medical notes, photos allowed, support asked', async () => {
    serveAdmin({
      rows: [aRow({ medical_notes: 'Asthma', photo_consent: true, financial_support_requested: true })],
    });
    await renderAdminWithRows();
    const row = screen.getByRole('button', { name: 'Maya Okafor (details)' }).closest('tr')!;
    expect(within(row).getByText('Medical')).toBeInTheDocument();
    expect(within(row).getByText('Photos OK')).toBeInTheDocument();
    expect(within(row).getByText('Support asked')).toBeInTheDocument();
  });
});

describe('answering a card that waits for the club (issue 42)', () => {
  it('marks the row as waiting, and "Keep $50.00" answers with the fee as it is', async () => {
    // Prepare
    const waiting = aRow({
      payment_method: 'stripe',
      payment_status: 'pending',
      financial_support_requested: true,
      support_answer_pending: true,
    });
    serveAdmin({ rows: [waiting] });
    await renderAdminWithRows();
    const row = screen.getByRole('button', { name: 'Maya Okafor (details)' }).closest('tr')!;
    expect(within(row).getByText('Support asked: answer due')).toBeInTheDocument();
    cleanup();
    const { sent, user } = await openDetails(waiting);
    const fee = screen.getByRole('region', { name: 'Fee' });
    expect(
      within(fee).getByText(
        'The family asked about financial support and chose card: nothing is charged until the club answers. Set a lower fee, or keep this one; the family is e-mailed the fee and can then pay by card.',
      ),
    ).toBeInTheDocument();

    // Act
    await user.click(within(fee).getByRole('button', { name: 'Keep $50.00' }));

    // Assess
    expect(
      await within(toastRegion('success')).findByText('Maya Okafor’s fee is now $50.00.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ amount_cents: 5000 }]);
  });

  it('offers no "Keep" to a registration that is not waiting', async () => {
    await openDetails(aRow({ financial_support_requested: true }));
    const fee = screen.getByRole('region', { name: 'Fee' });
    expect(within(fee).queryByRole('button', { name: /^Keep/ })).not.toBeInTheDocument();
  });
});
