import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgeGroup } from '@club/shared/constants';
import type { AdminTryoutRow, SendResultsAnswer, TryoutSession } from '@club/shared/types';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import {
  callsTo,
  hold,
  queryRegistrationsTable,
  refused,
  renderAdmin,
  renderAdminWithRows,
  serveAdmin,
  settleUntil,
  toastRegion,
  type AdminApi,
} from './test-api';
import { anAdminSeason, aRow, SEASON_ID, tryoutId } from './test-data';

const SEND_PATH = `/api/admin/tryouts/${SEASON_ID}/send-results`;

function row(n: number, first: string, overrides: Partial<AdminTryoutRow>): AdminTryoutRow {
  return aRow({ id: tryoutId(n), tryout_number: n, first_name: first, last_name: 'Test', ...overrides });
}

const ana = row(1, 'Ana', { result: 'selected' });
const ben = row(2, 'Ben', { result: 'selected' });
const cai = row(3, 'Cai', { result: 'not_selected', email_status: 'failed' });
const dev = row(4, 'Dev', { result: 'selected', email_sent: true, email_status: 'sent' });
const eve = row(5, 'Eve', { result: '' });

const answer = (
  d: Partial<SendResultsAnswer['details']>,
  failedEmails: SendResultsAnswer['failedEmails'] = [],
) => ({
  details: { total: 3, sent: 0, failed: 0, queued: 0, ...d },
  failedEmails,
});

/** The e-mail status a row shows. */
function mailStatus(first: string): string | null | undefined {
  const tableRow = screen.getByRole('row', { name: new RegExp(`${first} Test`) });
  return within(tableRow).getAllByRole('cell').at(-2)?.textContent;
}

const mark = (api: AdminApi, statuses: Record<string, AdminTryoutRow['email_status']>) => {
  api.rows[SEASON_ID] = api.rows[SEASON_ID]!.map((r) =>
    statuses[r.first_name]
      ? { ...r, email_status: statuses[r.first_name]!, email_sent: statuses[r.first_name] === 'sent' }
      : r,
  );
};

afterEach(() => vi.useRealTimers());

describe('Send Result Emails confirmation', () => {
  it('says how many will be mailed (decided, not yet mailed, not on their way) and sends nothing on Cancel', async () => {
    // Prepare
    const api = serveAdmin({
      rows: [ana, ben, cai, dev, eve, row(6, 'Fay', { result: 'selected', email_status: 'queued' })],
    });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));

    // Assess
    const dialog = screen.getByRole('alertdialog', { name: 'Send result emails?' });
    expect(dialog).toHaveTextContent('3 players will be emailed their results: 2 Selected, 1 Not Selected.');
    expect(within(dialog).getByRole('button', { name: 'Send 3 Emails' })).toBeInTheDocument();
    expect(dialog).toHaveFocus();

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(api, 'POST', SEND_PATH)).toHaveLength(0);
  });

  it('names the age groups whose selected players have no team link yet, and previews both mails (issue 18)', async () => {
    // Prepare: Ana (15U Girls) and Gus (17U Boys) are selected; only 17U Boys has its team link.
    const gus = row(7, 'Gus', { result: 'selected', age_group: '17U Boys' });
    serveAdmin({
      seasons: [anAdminSeason({ teamsnap_links: { '17U Boys': 'https://go.teamsnap.com/team/17b' } })],
      rows: [ana, gus, cai],
    });
    server.use(
      onRoute('previewResultMail', () => ({
        age_group: '15U Girls',
        selected: {
          subject: 'You made the team: 15U Girls, Fall 2025 Tryouts',
          text: 'Hi [first name],\nCongratulations!',
        },
        not_selected: {
          subject: 'Your tryout result: Fall 2025 Tryouts',
          text: 'Hi [first name],\nThank you.',
        },
      })),
    );
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send result emails?' });
    await user.click(within(dialog).getByText('Preview the two emails'));

    // Assess
    expect(dialog).toHaveTextContent(
      "No team link yet for 15U Girls: their selected players' email will say the coach sends the TeamSnap invitation shortly.",
    );
    expect(dialog).not.toHaveTextContent('No team link yet for 15U Girls, 17U Boys');
    const selected = await within(dialog).findByRole('region', { name: 'Selected' });
    expect(selected).toHaveTextContent('You made the team: 15U Girls, Fall 2025 Tryouts');
    expect(within(dialog).getByRole('region', { name: 'Not Selected' })).toHaveTextContent(
      'Your tryout result: Fall 2025 Tryouts',
    );
  });

  it('counts the whole season, not only the rows the filters show', async () => {
    // Prepare
    serveAdmin({ rows: [ana, ben, cai] });
    const { user } = await renderAdminWithRows();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ana');

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));

    // Assess
    expect(screen.getByRole('alertdialog')).toHaveTextContent('3 players will be emailed their results');
  });

  it('says nobody is waiting when every decided result was mailed, with nothing to send', async () => {
    // Prepare
    serveAdmin({ rows: [dev, eve] });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));

    // Assess
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Nobody is waiting for a result email.');
    expect(within(dialog).queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument();

    // Act
    await user.keyboard('{Escape}');

    // Assess
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Result Emails' })).toHaveFocus();
  });

  it('names a group whose tryout session is still ahead, and sends only when the admin confirms anyway (issue 42)', async () => {
    // Prepare: 15U Girls (Ana, Cai) play again on August 16, 2099; 17U Boys (Gus) played in 2025.
    const gus = row(7, 'Gus', { result: 'selected', age_group: '17U Boys' });
    const session = (day: string, group: AgeGroup): TryoutSession => ({
      kind: 'tryout',
      age_groups: [group],
      starts_at: `${day}T18:00`,
      ends_at: `${day}T20:00`,
      location: 'Harry Ainlay High School',
      address: '4350 111 St NW, Edmonton, AB',
    });
    const api = serveAdmin({
      seasons: [
        anAdminSeason({
          sessions: [session('2025-08-16', '17U Boys'), session('2099-08-16', '15U Girls')],
        }),
      ],
      rows: [ana, cai, gus],
    });
    server.use(onRoute('sendResults', () => answer({ sent: 3 })));
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));

    // Assess
    const dialog = screen.getByRole('alertdialog', { name: 'Send result emails?' });
    expect(dialog).toHaveTextContent(
      'This group still has a tryout session ahead:15U Girls: Sunday, August 16, 2099 · 6:00 p.m. – 8:00 p.m.Their families would read a result before playing it.',
    );
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['15U Girls: Sunday, August 16, 2099 · 6:00 p.m. – 8:00 p.m.']);
    expect(within(dialog).queryByRole('button', { name: 'Send 3 Emails' })).not.toBeInTheDocument();

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Send 3 Emails Anyway' }));

    // Assess
    await waitFor(() => expect(callsTo(api, 'POST', `${SEND_PATH}?sessions_ahead=send`)).toHaveLength(1));
    expect(callsTo(api, 'POST', SEND_PATH)).toHaveLength(0);
  });

  it('sends without asking again when every group’s sessions are over', async () => {
    // Prepare
    const api = serveAdmin({
      seasons: [
        anAdminSeason({
          sessions: [
            {
              kind: 'tryout',
              age_groups: ['15U Girls'],
              starts_at: '2025-08-16T18:00',
              ends_at: '2025-08-16T20:00',
              location: 'Harry Ainlay High School',
              address: '4350 111 St NW, Edmonton, AB',
            },
          ],
        }),
      ],
      rows: [ana],
    });
    server.use(onRoute('sendResults', () => answer({ total: 1, sent: 1 })));
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('session ahead');
    await user.click(screen.getByRole('button', { name: 'Send 1 Email' }));

    // Assess
    await waitFor(() => expect(callsTo(api, 'POST', SEND_PATH)).toHaveLength(1));
  });

  it('shows the server’s reason when it refuses a send while a session is ahead (issue 42)', async () => {
    // Prepare: the server knows of a session the page does not show yet.
    const reason =
      'Not sent yet: 15U Girls (Sunday, August 16, 2099 · 6:00 p.m. – 8:00 p.m.) still has a tryout session ahead, and families would read a result before playing it. Confirm to send anyway.';
    serveAdmin({ rows: [ana] });
    server.use(onRoute('sendResults', () => HttpResponse.json({ message: reason }, { status: 409 })));
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));
    await user.click(screen.getByRole('button', { name: 'Send 1 Email' }));

    // Assess
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent(reason);
  });

  it('says "Failed to send emails" when the send is refused', async () => {
    // Prepare
    serveAdmin({ rows: [ana] });
    server.use(onRoute('sendResults', () => refused()));
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));
    await user.click(screen.getByRole('button', { name: 'Send 1 Email' }));

    // Assess
    expect(await screen.findByText('Failed to send emails')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to send emails');
    expect(mailStatus('Ana')).toBe('Not Sent');
  });
});

describe('Send Result Emails progress', () => {
  it('asks for progress every 2 s while mail is queued, updating each row as it goes, then says "Emails sent successfully" with totals', async () => {
    // Prepare
    const api = serveAdmin({ rows: [ana, ben, cai, dev, eve] });
    const progress = [answer({ sent: 2, queued: 1 }), answer({ sent: 3, queued: 0 })];
    server.use(
      onRoute('sendResults', () => {
        mark(api, { Ana: 'sent', Ben: 'queued', Cai: 'queued' });
        return HttpResponse.json(answer({ sent: 1, queued: 2 }));
      }),
      onRoute('getSendProgress', () => {
        const next = progress.shift()!;
        mark(api, next.details.queued ? { Ben: 'sent' } : { Cai: 'sent' });
        return HttpResponse.json(next);
      }),
    );
    await renderAdminWithRows();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Send Result Emails' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send 3 Emails' }));
    await settleUntil(() => screen.queryByText('1 of 3 sent'), 'the first progress');

    // Assess
    expect(mailStatus('Ana')).toBe('Sent');
    expect(mailStatus('Ben')).toBe('Sending…');
    expect(mailStatus('Cai')).toBe('Sending…');
    expect(screen.getByRole('progressbar', { name: 'Sending result emails' })).toHaveAttribute('value', '1');
    expect(screen.getByRole('button', { name: 'Send Result Emails' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(callsTo(api, 'GET', SEND_PATH)).toHaveLength(0);

    // Act
    await act(async () => vi.advanceTimersByTime(1999));

    // Assess
    expect(callsTo(api, 'GET', SEND_PATH)).toHaveLength(0);

    // Act
    await act(async () => vi.advanceTimersByTime(1));
    await settleUntil(
      () => screen.queryByText('2 of 3 sent') && mailStatus('Ben') === 'Sent',
      'the second progress',
    );

    // Assess
    expect(mailStatus('Cai')).toBe('Sending…');
    expect(callsTo(api, 'GET', SEND_PATH)).toHaveLength(1);

    // Act
    await act(async () => vi.advanceTimersByTime(2000));
    await settleUntil(() => screen.queryByText(/^Emails sent successfully/), 'the end');

    // Assess
    expect(toastRegion('success')).toHaveTextContent(
      'Emails sent successfully (Total: 3, Sent: 3, Failed: 0)',
    );
    expect(mailStatus('Cai')).toBe('Sent');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Result Emails' })).not.toHaveAttribute('aria-disabled');

    // Act
    await act(async () => vi.advanceTimersByTime(10_000));

    // Assess
    expect(callsTo(api, 'GET', SEND_PATH)).toHaveLength(2);
    expect(callsTo(api, 'POST', SEND_PATH)).toHaveLength(1);
  });

  it('lists the failedEmails the mail service refused, and they stay Not Sent', async () => {
    // Prepare
    const api = serveAdmin({ rows: [ana, ben] });
    server.use(
      onRoute('sendResults', () => {
        mark(api, { Ana: 'sent', Ben: 'failed' });
        return HttpResponse.json(
          answer({ total: 2, sent: 1, failed: 1 }, [{ name: 'Ben Test', email: 'ben.test@example.com' }]),
        );
      }),
    );
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Result Emails' }));
    await user.click(screen.getByRole('button', { name: 'Send 2 Emails' }));

    // Assess
    expect(
      await screen.findByText('Emails sent successfully (Total: 2, Sent: 1, Failed: 1)'),
    ).toBeInTheDocument();
    const failures = screen.getByRole('region', { name: '1 email could not be sent' });
    expect(failures).toHaveTextContent('Ben Test — ben.test@example.com');
    expect(mailStatus('Ben')).toBe('Failed');
    expect(mailStatus('Ana')).toBe('Sent');
    expect(callsTo(api, 'GET', SEND_PATH)).toHaveLength(0);

    // Act
    await user.click(within(failures).getByRole('button', { name: 'Dismiss' }));

    // Assess
    expect(screen.queryByRole('region', { name: /could not be sent/ })).not.toBeInTheDocument();
  });

  it('keeps asking after a lost connection, less often, and finishes when the mail is out', async () => {
    // Prepare
    const api = serveAdmin({ rows: [ana] });
    let asks = 0;
    server.use(
      onRoute('sendResults', () => {
        mark(api, { Ana: 'queued' });
        return HttpResponse.json(answer({ total: 1, queued: 1 }));
      }),
      onRoute('getSendProgress', () => {
        asks += 1;
        if (asks === 1) return HttpResponse.error();
        mark(api, { Ana: 'sent' });
        return HttpResponse.json(answer({ total: 1, sent: 1 }));
      }),
    );
    await renderAdminWithRows();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send Result Emails' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send 1 Email' }));
    await settleUntil(() => screen.queryByText('0 of 1 sent'), 'the send');

    // Act
    await act(async () => vi.advanceTimersByTime(2000));
    await settleUntil(() => screen.queryByText(/Connection lost/), 'the lost connection');

    // Assess
    expect(asks).toBe(1);

    // Act
    await act(async () => vi.advanceTimersByTime(3999));

    // Assess
    expect(asks).toBe(1);

    // Act
    await act(async () => vi.advanceTimersByTime(1));
    await settleUntil(() => screen.queryByText(/^Emails sent successfully/), 'the end');

    // Assess
    expect(asks).toBe(2);
    expect(toastRegion('success')).toHaveTextContent(
      'Emails sent successfully (Total: 1, Sent: 1, Failed: 0)',
    );
    expect(mailStatus('Ana')).toBe('Sent');
  });

  it('picks up a send already under way when the page opens with queued rows', async () => {
    // Prepare
    const api = serveAdmin({ rows: [{ ...ana, email_status: 'queued' }] });
    server.use(
      onRoute('getSendProgress', () => {
        mark(api, { Ana: 'sent' });
        return HttpResponse.json(answer({ total: 1, sent: 1 }));
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAdmin();
    await settleUntil(() => queryRegistrationsTable(), 'the table');
    expect(mailStatus('Ana')).toBe('Sending…');

    // Act
    await act(async () => vi.advanceTimersByTime(1999));

    // Assess
    expect(callsTo(api, 'GET', SEND_PATH)).toHaveLength(0);

    // Act
    await act(async () => vi.advanceTimersByTime(1));
    await settleUntil(() => mailStatus('Ana') === 'Sent', 'the row sent');

    // Assess
    expect(callsTo(api, 'GET', SEND_PATH)).toHaveLength(1);
    expect(callsTo(api, 'POST', SEND_PATH)).toHaveLength(0);
    expect(toastRegion('success')).toHaveTextContent(
      'Emails sent successfully (Total: 1, Sent: 1, Failed: 0)',
    );
  });

  it('keeps a tick saved while a row refresh was on its way (the older list does not undo it)', async () => {
    // Prepare
    const api = serveAdmin();
    const held = hold();
    let lists = 0;
    server.use(
      onRoute('getSendProgress', () => HttpResponse.json(answer({ total: 1, sent: 1 }))),
      onRoute('listTryoutPage', async () => {
        lists += 1;
        if (lists === 1)
          return HttpResponse.json({ rows: [{ ...ana, email_status: 'queued' }, ben], next_cursor: null });
        // The list as it was when asked: Ana mailed, Ben not marked yet; it arrives after the tick.
        const rows = [{ ...ana, email_sent: true, email_status: 'sent' as const }, ben];
        await held.gate;
        return HttpResponse.json({ rows, next_cursor: null });
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAdmin();
    await settleUntil(() => queryRegistrationsTable(), 'the table');
    await act(async () => vi.advanceTimersByTime(2000));
    await settleUntil(() => lists === 2, 'the refresh asked for');

    // Act
    fireEvent.click(screen.getByRole('checkbox', { name: 'Attended: #2 Ben Test' }));
    await settleUntil(() => screen.queryByText('Attendance updated successfully'), 'the tick saved');
    held.release();
    await settleUntil(() => mailStatus('Ana') === 'Sent', 'the refreshed list');

    // Assess
    expect(screen.getByRole('checkbox', { name: 'Attended: #2 Ben Test' })).toBeChecked();
    expect(callsTo(api, 'PATCH', `/api/admin/tryouts/${ben.id}/attended`)).toHaveLength(1);
  });
});
