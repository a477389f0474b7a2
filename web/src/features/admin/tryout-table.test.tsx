import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import {
  callsTo,
  hold,
  queryRegistrationsTable,
  refused,
  REGISTRATIONS_TABLE,
  registrationsTable,
  renderAdmin,
  renderAdminWithRows,
  serveAdmin,
  settleUntil,
  toastRegion,
} from './test-api';
import { aRow, manyRows, tryoutId } from './test-data';

const maya = aRow({ id: tryoutId(1), tryout_number: 1, first_name: 'Maya', last_name: 'Okafor' });
const liam = aRow({
  id: tryoutId(2),
  tryout_number: 12,
  first_name: 'Liam',
  last_name: 'Nguyen',
  age_group: '15U Boys',
  payment_method: 'stripe',
  payment_status: 'paid',
  result: 'selected',
  email_sent: true,
  email_status: 'sent',
});
const zoe = aRow({
  id: tryoutId(3),
  tryout_number: 120,
  first_name: 'Zoë',
  last_name: 'Côté',
  age_group: '17U Girls',
  result: 'not_selected',
  email_status: 'failed',
});

/** The table's body rows that are shown, as "number name" (header row left out). */
function shownRows(): string[] {
  return within(registrationsTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      // The name's button: the badges beside it (Medical, No photos, …) are not the name.
      const name = within(within(row).getByRole('rowheader')).getByRole('button').textContent;
      return `${cells[0]!.textContent} ${name?.replace(' (details)', '')}`;
    });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the table (spec §2)', () => {
  it('shows number, name, age group, payment, attended, result, e-mail status and Resend Email per row', async () => {
    // Prepare
    serveAdmin({ rows: [maya, liam, zoe] });

    // Act
    renderAdmin();
    await screen.findByRole('table', { name: REGISTRATIONS_TABLE }, { timeout: 5_000 });

    // Assess
    expect(shownRows()).toEqual(['1 Maya Okafor', '12 Liam Nguyen', '120 Zoë Côté']);
    const row = screen.getByRole('row', { name: /Liam Nguyen/ });
    expect(within(row).getByText('15U Boys')).toBeInTheDocument();
    expect(within(row).getByText('Paid (Card)')).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Attended: #12 Liam Nguyen' })).not.toBeChecked();
    expect(within(row).getByRole('combobox', { name: 'Result: #12 Liam Nguyen' })).toHaveDisplayValue(
      'Selected',
    );
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Resend Email to #12 Liam Nguyen' })).toBeEnabled();
    expect(within(row).queryByRole('checkbox', { name: /Cash collected/ })).not.toBeInTheDocument();
    const mayaRow = screen.getByRole('row', { name: /Maya Okafor/ });
    expect(within(mayaRow).getByText('Cash')).toBeInTheDocument();
    expect(within(mayaRow).getByText('Not Sent')).toBeInTheDocument();
    expect(within(mayaRow).getByRole('combobox', { name: /Result/ })).toHaveDisplayValue('Pending');
    expect(within(screen.getByRole('row', { name: /Zoë Côté/ })).getByText('Failed')).toBeInTheDocument();
  });

  it('offers Pending, Selected and Not Selected as results', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });

    // Act
    await renderAdminWithRows();

    // Assess
    const options = within(screen.getByRole('combobox', { name: 'Result: #1 Maya Okafor' })).getAllByRole(
      'option',
    );
    expect(options.map((o) => o.textContent)).toEqual(['Pending', 'Selected', 'Not Selected']);
  });
});

describe('attended toggle (spec §8)', () => {
  it('ticks at once, sends it, and says "Attendance updated successfully"', async () => {
    // Prepare
    const api = serveAdmin({ rows: [maya] });
    const held = hold();
    server.use(
      http.patch(
        '/api/admin/tryouts/:id/attended',
        held.answer(() => HttpResponse.json({})),
      ),
    );
    const { user } = await renderAdminWithRows();
    const box = screen.getByRole('checkbox', { name: 'Attended: #1 Maya Okafor' });

    // Act
    await user.click(box);

    // Assess
    expect(box).toBeChecked();
    expect(box).toHaveAttribute('aria-busy', 'true');

    // Act
    held.release();

    // Assess
    expect(await screen.findByText('Attendance updated successfully')).toBeInTheDocument();
    expect(toastRegion('success')).toHaveTextContent('Attendance updated successfully');
    expect(box).toBeChecked();
    expect(box).not.toHaveAttribute('aria-busy');
    expect(callsTo(api, 'PATCH', `/api/admin/tryouts/${maya.id}/attended`).map((c) => c.body)).toEqual([
      { attended: true },
    ]);
  });

  it('puts the tick back and says "Failed to update attendance" when refused', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });
    const held = hold();
    server.use(
      http.patch(
        '/api/admin/tryouts/:id/attended',
        held.answer(() => refused()),
      ),
    );
    const { user } = await renderAdminWithRows();
    const box = screen.getByRole('checkbox', { name: 'Attended: #1 Maya Okafor' });
    await user.click(box);
    expect(box).toBeChecked();

    // Act
    held.release();

    // Assess
    expect(await screen.findByText('Failed to update attendance')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to update attendance');
    expect(box).not.toBeChecked();
  });

  it('sends one change at a time per row: a second click while the first is on its way does nothing', async () => {
    // Prepare
    const api = serveAdmin({ rows: [maya] });
    const held = hold();
    server.use(
      http.patch(
        '/api/admin/tryouts/:id/attended',
        held.answer(() => HttpResponse.json({})),
      ),
    );
    const { user } = await renderAdminWithRows();
    const box = screen.getByRole('checkbox', { name: 'Attended: #1 Maya Okafor' });

    // Act
    await user.click(box);
    await user.click(box);
    held.release();

    // Assess
    await screen.findByText('Attendance updated successfully');
    expect(box).toBeChecked();
    expect(callsTo(api, 'PATCH', /\/attended$/)).toHaveLength(1);
  });

  it('shows the toast for 5 seconds: still there just before, gone after', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });
    await renderAdminWithRows();
    // Only the clock the toast reads: React and the mocked network keep their own timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    // Act
    fireEvent.click(screen.getByRole('checkbox', { name: 'Attended: #1 Maya Okafor' }));
    await settleUntil(() => screen.queryByText('Attendance updated successfully'), 'the toast');
    act(() => vi.advanceTimersByTime(4999));

    // Assess
    expect(screen.getByText('Attendance updated successfully')).toBeInTheDocument();

    // Act
    act(() => vi.advanceTimersByTime(1));

    // Assess
    expect(screen.queryByText('Attendance updated successfully')).not.toBeInTheDocument();
  });
});

describe('money at a glance (issue 18)', () => {
  it('says what came in by card, what cash is to collect and what card payments are pending, and marks unpaid rows', async () => {
    // Prepare: Maya owes cash, Liam paid by card, Sam's card checkout is not paid yet.
    const paidCard = aRow({
      id: tryoutId(4),
      tryout_number: 4,
      first_name: 'Liam',
      payment_method: 'stripe',
      payment_status: 'paid',
    });
    const pendingCard = aRow({
      id: tryoutId(5),
      tryout_number: 5,
      first_name: 'Sam',
      payment_method: 'stripe',
      payment_status: 'pending',
    });
    serveAdmin({ rows: [maya, paidCard, pendingCard] });
    const { user } = await renderAdminWithRows();

    // Assess
    expect(
      screen.getByText('Paid by card $50.00 · Cash to collect $50.00 (1) · Card payments pending 1'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Maya Okafor/ })).getByText('Owes $50.00'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Sam Okafor/ })).getByText('Owes $50.00'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Liam Okafor/ })).queryByText(/Owes/),
    ).not.toBeInTheDocument();

    // Act: only the cash still to collect.
    await user.selectOptions(screen.getByLabelText('Payment'), 'Cash to collect');

    // Assess
    expect(
      screen
        .getAllByRole('row', { name: /Okafor/ })
        .map((r) => within(r).getByRole('button', { name: /details/ }).textContent),
    ).toEqual(['Maya Okafor (details)']);
  });
});

describe('saved ticks and one toast at a time (issue 18)', () => {
  it('marks each saved row with its own tick for 3 seconds, and shows only the newest toast', async () => {
    // Prepare
    const sam = aRow({ id: tryoutId(3), tryout_number: 2, first_name: 'Sam', last_name: 'Okafor' });
    serveAdmin({ rows: [maya, sam] });
    await renderAdminWithRows();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`${name} Okafor`) });

    // Act
    fireEvent.click(screen.getByRole('checkbox', { name: 'Attended: #1 Maya Okafor' }));
    await settleUntil(() => within(rowOf('Maya')).queryByText('✓ Saved'), 'the first tick');
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Attended: #2 Sam Okafor' }));
    await settleUntil(() => within(rowOf('Sam')).queryByText('✓ Saved'), 'the second tick');

    // Assess: both rows say so; one toast.
    expect(within(rowOf('Maya')).getByText('✓ Saved')).toBeInTheDocument();
    expect(screen.getAllByText('Attendance updated successfully')).toHaveLength(1);

    // Act
    act(() => vi.advanceTimersByTime(2000));

    // Assess: Maya's tick, 3 s old, is gone; Sam's, 2 s old, stays.
    expect(within(rowOf('Maya')).queryByText('✓ Saved')).not.toBeInTheDocument();
    expect(within(rowOf('Sam')).getByText('✓ Saved')).toBeInTheDocument();
  });
});

describe('result select (spec §4, §8)', () => {
  it('changes at once, sends tryout_id and result, and says "Selection result updated successfully"', async () => {
    // Prepare
    const api = serveAdmin({ rows: [maya] });
    const { user } = await renderAdminWithRows();
    const select = screen.getByRole('combobox', { name: 'Result: #1 Maya Okafor' });

    // Act
    await user.selectOptions(select, 'Selected');

    // Assess
    expect(select).toHaveDisplayValue('Selected');
    expect(await screen.findByText('Selection result updated successfully')).toBeInTheDocument();
    expect(toastRegion('success')).toHaveTextContent('Selection result updated successfully');
    expect(callsTo(api, 'PATCH', `/api/admin/tryouts/${maya.id}/selection`).map((c) => c.body)).toEqual([
      { tryout_id: maya.id, result: 'selected' },
    ]);
  });

  it('puts the old result back and says "Failed to update selection result" when refused', async () => {
    // Prepare
    serveAdmin({ rows: [liam] });
    server.use(onRoute('setSelection', () => refused()));
    const { user } = await renderAdminWithRows();
    const select = screen.getByRole('combobox', { name: 'Result: #12 Liam Nguyen' });

    // Act
    await user.selectOptions(select, 'Not Selected');

    // Assess
    expect(await screen.findByText('Failed to update selection result')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to update selection result');
    expect(select).toHaveDisplayValue('Selected');
    expect(within(screen.getByRole('row', { name: /Liam Nguyen/ })).getByText('Sent')).toBeInTheDocument();
  });

  it('shows Not Sent once a mailed result is changed (the corrected result can be sent)', async () => {
    // Prepare
    serveAdmin({ rows: [liam] });
    const { user } = await renderAdminWithRows();

    // Act
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Result: #12 Liam Nguyen' }),
      'Not Selected',
    );

    // Assess
    await screen.findByText('Selection result updated successfully');
    expect(
      within(screen.getByRole('row', { name: /Liam Nguyen/ })).getByText('Not Sent'),
    ).toBeInTheDocument();
  });

  it('puts a result back to Pending with an empty result', async () => {
    // Prepare
    const api = serveAdmin({ rows: [zoe] });
    const { user } = await renderAdminWithRows();

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result: #120 Zoë Côté' }), 'Pending');

    // Assess
    await screen.findByText('Selection result updated successfully');
    expect(callsTo(api, 'PATCH', /\/selection$/).map((c) => c.body)).toEqual([
      { tryout_id: zoe.id, result: '' },
    ]);
    expect(screen.getByRole('button', { name: 'Send Email to #120 Zoë Côté' })).toBeDisabled();
  });
});

describe('cash collected (issue 8)', () => {
  it('marks a cash registration paid at once and keeps it', async () => {
    // Prepare
    const api = serveAdmin({ rows: [maya] });
    const { user } = await renderAdminWithRows();
    const box = screen.getByRole('checkbox', { name: 'Cash collected: #1 Maya Okafor' });

    // Act
    await user.click(box);

    // Assess
    expect(box).toBeChecked();
    expect(
      within(screen.getByRole('row', { name: /Maya Okafor/ })).getByText('Cash (paid)'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Payment updated successfully')).toBeInTheDocument();
    expect(callsTo(api, 'PATCH', `/api/admin/tryouts/${maya.id}/cash`).map((c) => c.body)).toEqual([
      { collected: true },
    ]);
  });

  it('counts the cash as paid in Player Details, as the server answered', async () => {
    // Prepare: $45.00 owed in cash; the server answers the row paid.
    serveAdmin({ rows: [{ ...maya, amount_paid_cents: 0, amount_due_cents: 4500 }] });
    server.use(
      onRoute('setCashCollected', () => ({
        ...maya,
        payment_status: 'paid' as const,
        amount_paid_cents: 4500,
        amount_due_cents: 0,
        amount_refunded_cents: 0,
      })),
    );
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Cash collected: #1 Maya Okafor' }));
    await screen.findByText('Payment updated successfully');
    await user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));

    // Assess
    const money = screen.getByRole('region', { name: 'Payment and refunds' });
    expect(within(money).getByText('Paid').nextElementSibling).toHaveTextContent('$45.00');
    expect(within(money).getByText('Left to refund').nextElementSibling).toHaveTextContent('$45.00');
  });

  it('marks a family’s e-Transfer received, the row then paid, and offers it only while awaited (issue 46)', async () => {
    // Prepare
    const amara = {
      ...maya,
      payment_method: 'etransfer' as const,
      payment_status: 'awaiting_etransfer' as const,
      amount_paid_cents: 0,
      amount_due_cents: 4500,
    };
    const api = serveAdmin({ rows: [amara] });
    server.use(
      onRoute('markEtransferReceived', () => ({
        ...amara,
        payment_status: 'paid' as const,
        amount_paid_cents: 4500,
        amount_due_cents: 0,
      })),
    );
    const { user } = await renderAdminWithRows();
    const row = within(screen.getByRole('row', { name: /Maya Okafor/ }));
    expect(row.getByText('Awaiting e-Transfer')).toBeInTheDocument();

    // Act
    await user.click(row.getByRole('button', { name: 'Mark e-Transfer received: #1 Maya Okafor' }));

    // Assess
    expect(await screen.findByText('e-Transfer marked received')).toBeInTheDocument();
    expect(row.getByText('Paid (e-Transfer)')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Mark e-Transfer received/ })).not.toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/admin/tryouts/${maya.id}/etransfer-received`)).toHaveLength(1);
  });

  it('takes it back with "Failed to update payment" when refused', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });
    server.use(onRoute('setCashCollected', () => refused()));
    const { user } = await renderAdminWithRows();
    const box = screen.getByRole('checkbox', { name: 'Cash collected: #1 Maya Okafor' });

    // Act
    await user.click(box);

    // Assess
    expect(await screen.findByText('Failed to update payment')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(within(screen.getByRole('row', { name: /Maya Okafor/ })).getByText('Cash')).toBeInTheDocument();
  });

  it('keeps part-refunded cash collected and the box locked, since the refund is its record (issue 15)', async () => {
    // Prepare
    serveAdmin({
      rows: [
        {
          ...maya,
          payment_status: 'partially_refunded',
          amount_paid_cents: 5000,
          amount_refunded_cents: 2000,
        },
      ],
    });
    await renderAdminWithRows();

    // Assess
    const box = screen.getByRole('checkbox', { name: 'Cash collected: #1 Maya Okafor' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(
      within(screen.getByRole('row', { name: /Maya Okafor/ })).getByText('Cash (partly refunded)'),
    ).toBeInTheDocument();
  });
});

describe('Send Email, then Resend Email (spec §7, §8; issue 18)', () => {
  it('sends the one result again, reads "Sending…" meanwhile, then says "Email sent successfully"', async () => {
    // Prepare
    const api = serveAdmin({ rows: [zoe] });
    const held = hold();
    server.use(
      http.post(
        '/api/admin/tryouts/:id/resend-result',
        held.answer(() => HttpResponse.json({})),
      ),
    );
    const { user } = await renderAdminWithRows();
    const button = screen.getByRole('button', { name: 'Send Email to #120 Zoë Côté' });

    // Act
    await user.click(button);
    await user.click(button);

    // Assess
    expect(button).toHaveTextContent('Sending…');

    // Act
    held.release();

    // Assess
    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    expect(toastRegion('success')).toHaveTextContent('Email sent successfully');
    expect(within(screen.getByRole('row', { name: /Zoë Côté/ })).getByText('Sent')).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/admin/tryouts/${zoe.id}/resend-result`)).toHaveLength(1);
    // A mail went out: from now on the button offers to send it again.
    expect(screen.getByRole('button', { name: 'Resend Email to #120 Zoë Côté' })).toHaveTextContent(
      'Resend Email',
    );
  });

  it('says "Failed to send email" when refused, leaving the status as it was', async () => {
    // Prepare
    serveAdmin({ rows: [zoe] });
    server.use(onRoute('resendResult', () => refused()));
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Email to #120 Zoë Côté' }));

    // Assess
    expect(await screen.findByText('Failed to send email')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to send email');
    expect(within(screen.getByRole('row', { name: /Zoë Côté/ })).getByText('Failed')).toBeInTheDocument();
  });

  it('cannot resend a Pending result', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });

    // Act
    await renderAdminWithRows();

    // Assess
    expect(screen.getByRole('button', { name: 'Send Email to #1 Maya Okafor' })).toBeDisabled();
  });
});

describe('filters and search (spec §2)', () => {
  it('finds a player at the door by tryout number or by name', async () => {
    // Prepare
    serveAdmin({ rows: [maya, liam, zoe] });
    const { user } = await renderAdminWithRows();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    // Act
    await user.type(search, '12');

    // Assess
    expect(shownRows()).toEqual(['12 Liam Nguyen', '120 Zoë Côté']);
    expect(screen.getByText(/Showing 2 of 3 registrations/)).toBeInTheDocument();

    // Act
    await user.clear(search);
    await user.type(search, 'zoe');

    // Assess
    expect(shownRows()).toEqual(['120 Zoë Côté']);
  });

  it('filters by age group and by result, and clears them', async () => {
    // Prepare
    serveAdmin({ rows: [maya, liam, zoe] });
    const { user } = await renderAdminWithRows();

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Age group' }), '15U Boys');

    // Assess
    expect(shownRows()).toEqual(['12 Liam Nguyen']);

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Age group' }), 'All age groups');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Pending');

    // Assess
    expect(shownRows()).toEqual(['1 Maya Okafor']);

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Result' }), 'Not Selected');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'maya');

    // Assess
    expect(queryRegistrationsTable()).not.toBeInTheDocument();
    expect(screen.getByText('No registration matches these filters.')).toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    // Assess
    expect(shownRows()).toEqual(['1 Maya Okafor', '12 Liam Nguyen', '120 Zoë Côté']);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByText(/^3 registrations/)).toBeInTheDocument();
  });

  it('offers the season’s own age groups', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });

    // Act
    await renderAdminWithRows();

    // Assess
    const options = within(screen.getByRole('combobox', { name: 'Age group' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All age groups',
      '13U Boys',
      '15U Boys',
      '16U Boys',
      '17U Boys',
      '18U Boys',
      '15U Girls',
      '17U Girls',
    ]);
  });

  it('lists 40 matches at a time, more on request, and the first 40 again after a new search', async () => {
    // Prepare (text and CSS queries: role queries over hundreds of rows are slow in jsdom)
    serveAdmin({ rows: manyRows(100) });
    renderAdmin();
    await screen.findByText('Listed 40 of 100.', undefined, { timeout: 10_000 });
    const listedRows = () => registrationsTable().querySelectorAll('tbody tr');
    const search = screen.getByPlaceholderText('Tryout # or name');

    // Assess
    expect(listedRows()).toHaveLength(40);
    expect(listedRows()[39]!.querySelector('td')).toHaveTextContent(/^40$/);

    // Act
    fireEvent.click(screen.getByText('Show 40 more'));

    // Assess
    expect(listedRows()).toHaveLength(80);
    expect(screen.getByText('Listed 80 of 100.')).toBeInTheDocument();

    // Act
    fireEvent.click(screen.getByText('Show 20 more'));

    // Assess
    expect(listedRows()).toHaveLength(100);
    expect(screen.queryByText(/^Listed/)).not.toBeInTheDocument();

    // Act
    fireEvent.change(search, { target: { value: '1' } });
    fireEvent.change(search, { target: { value: '' } });

    // Assess
    expect(listedRows()).toHaveLength(40);
    expect(screen.getByText('Show 40 more')).toBeInTheDocument();
  });

  it('lists 6 cards at a time at a phone’s width, where each row is a card', async () => {
    // Prepare: a 390 px wide screen, where rows become cards (any max-width query up to 47.99rem matches)
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width: *(2[5-9]|[34]\d)(\.\d+)?rem/.test(query),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    serveAdmin({ rows: manyRows(14) });
    renderAdmin();
    await screen.findByText('Listed 6 of 14.', undefined, { timeout: 10_000 });
    const listedRows = () => registrationsTable().querySelectorAll('tbody tr');

    // Assess
    expect(listedRows()).toHaveLength(6);

    // Act
    fireEvent.click(screen.getByText('Show 6 more'));

    // Assess
    expect(listedRows()).toHaveLength(12);
    expect(screen.getByText('Listed 12 of 14.')).toBeInTheDocument();

    // Act
    fireEvent.click(screen.getByText('Show 2 more'));

    // Assess
    expect(listedRows()).toHaveLength(14);
    expect(screen.queryByText(/^Listed/)).not.toBeInTheDocument();
  });

  it('lists 30 players at a time in the phone check-in view, and keeps its place when the view changes', async () => {
    // Prepare: a phone, where the table lists 6 cards a page
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width: *(2[5-9]|[34]\d)(\.\d+)?rem/.test(query),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    serveAdmin({ rows: manyRows(100) });
    renderAdmin();
    await screen.findByText('Listed 6 of 100.', undefined, { timeout: 10_000 });
    const checkIns = () => document.querySelectorAll('.admin-checkin-row');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));

    // Assess
    expect(checkIns()).toHaveLength(30);
    expect(screen.getByText('Listed 30 of 100.')).toBeInTheDocument();

    // Act
    fireEvent.click(screen.getByText('Show 30 more'));

    // Assess: the second page; back in the table, its second page too (12 cards)
    expect(checkIns()).toHaveLength(60);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(registrationsTable().querySelectorAll('tbody tr')).toHaveLength(12);
    expect(screen.getByText('Listed 12 of 100.')).toBeInTheDocument();
  });
});

describe('withdrawn registrations (issue 15)', () => {
  it('marks a withdrawn row, and Reinstate puts it back with a toast', async () => {
    // Prepare
    const api = serveAdmin({
      rows: [aRow({ withdrawn: true }), aRow({ id: tryoutId(2), tryout_number: 2, first_name: 'Liam' })],
    });
    const { user } = await renderAdminWithRows();
    const row = within(registrationsTable()).getAllByRole('row')[1]!;

    // Act
    expect(within(row).getByText('Withdrawn')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Reinstate #1 Maya Okafor' }));

    // Assess
    expect(await screen.findByText('#1 Maya Okafor reinstated')).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/admin/tryouts/${tryoutId(1)}/reinstate`)).toHaveLength(1);
    expect(within(row).queryByText('Withdrawn')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Send Email to #1 Maya Okafor' })).toBeInTheDocument();
  });
});

describe('the phone check-in view (issue 18)', () => {
  it('lists number, name and a large Attended toggle per player, saves a tap, and jumps to a number', async () => {
    // Prepare
    const api = serveAdmin({ rows: [maya, liam, zoe] });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Check-in' }));

    // Assess
    const list = screen.getByRole('list', { name: 'Check-in: tap a player who arrived' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#1Maya Okafor', '#12Liam Nguyen', '#120Zoë Côté']);
    expect(screen.getByRole('button', { name: 'Check-in' })).toHaveAttribute('aria-pressed', 'true');
    expect(queryRegistrationsTable()).not.toBeInTheDocument();

    // Act: tap Maya.
    await user.click(within(list).getByRole('checkbox', { name: 'Attended: #1 Maya Okafor' }));

    // Assess
    expect(await screen.findByText('Attendance updated successfully')).toBeInTheDocument();
    expect(callsTo(api, 'PATCH', `/api/admin/tryouts/${maya.id}/attended`).map((c) => c.body)).toEqual([
      { attended: true },
    ]);

    // Act: jump to #12, then to a number nobody has.
    await user.type(screen.getByLabelText('Jump to #'), '12');
    await user.click(screen.getByRole('button', { name: 'Go' }));

    // Assess
    expect(within(list).getByRole('checkbox', { name: 'Attended: #12 Liam Nguyen' })).toHaveFocus();

    await user.clear(screen.getByLabelText('Jump to #'));
    await user.type(screen.getByLabelText('Jump to #'), '7');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('No player #7 in this list.')).toHaveAttribute('role', 'alert');
  });
});

describe('photos at a glance (issue 42)', () => {
  it('reads a box left unticked as "No photos", and a ticked one as "Photos OK"', async () => {
    serveAdmin({
      rows: [
        aRow({
          id: tryoutId(1),
          tryout_number: 1,
          first_name: 'Maya',
          last_name: 'Okafor',
          photo_consent: false,
        }),
        aRow({
          id: tryoutId(2),
          tryout_number: 2,
          first_name: 'Liam',
          last_name: 'Nguyen',
          photo_consent: true,
        }),
      ],
    });
    await renderAdminWithRows();
    const rowOf = (name: string) => screen.getByRole('button', { name: `${name} (details)` }).closest('tr')!;

    expect(within(rowOf('Maya Okafor')).getByText('No photos')).toBeInTheDocument();
    expect(within(rowOf('Maya Okafor')).queryByText('Photos OK')).not.toBeInTheDocument();
    expect(within(rowOf('Liam Nguyen')).getByText('Photos OK')).toBeInTheDocument();
    expect(within(rowOf('Liam Nguyen')).queryByText('No photos')).not.toBeInTheDocument();
  });
});

describe('the season, a page at a time (issue 43)', () => {
  it('follows the pages to the last, then lists and counts the whole season by tryout number', async () => {
    // Prepare: the pages come in key order, two rows each.
    const api = serveAdmin({ rows: [zoe, maya, liam], pageSize: 2 });

    // Act
    renderAdmin();
    await screen.findByRole('table', { name: REGISTRATIONS_TABLE }, { timeout: 5_000 });

    // Assess
    expect(shownRows()).toEqual(['1 Maya Okafor', '12 Liam Nguyen', '120 Zoë Côté']);
    expect(screen.getByText('3 registrations · 0 attended · 1 selected')).toBeInTheDocument();
    const pages = callsTo(api, 'GET', /^\/api\/admin\/tryouts\/page\?/).map(
      (c) => new URL(c.path, 'http://x'),
    );
    expect(pages.map((url) => url.searchParams.get('cursor'))).toEqual([null, '2']);
    expect(pages.map((url) => url.searchParams.get('limit'))).toEqual(['500', '500']);
  });
});
