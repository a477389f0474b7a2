import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import {
  callsTo,
  queryRegistrationsTable,
  refused,
  renderAdminWithRows,
  serveAdmin,
  toastRegion,
} from './test-api';
import { anAdminSeason, aRow, SEASON_ID, tryoutId } from './test-data';

const maya = aRow({
  id: tryoutId(7),
  tryout_number: 7,
  first_name: 'Maya',
  last_name: 'Okafor',
  age_group: '15U Girls',
  date_of_birth: '2010-04-09',
  is_under_18: true,
  parent_consent: true,
  email: 'maya.okafor@example.com',
  phone_number: '(780) 555-0142',
  emergency_contact_name: 'Grace Okafor',
  emergency_contact_phone: '780-555-0199',
  emergency_contact_relationship: 'guardian',
  emergency_contact_email: 'grace.okafor@example.com',
  payment_method: 'stripe',
  payment_status: 'paid',
  attended: true,
  result: 'selected',
  email_sent: true,
  email_status: 'sent',
});
const liam = aRow({ id: tryoutId(8), tryout_number: 8, first_name: 'Liam', last_name: 'Roy' });

/** The value the details give for a term inside one group. */
function detail(group: string, term: string): string | null | undefined {
  const region = screen.getByRole('region', { name: group });
  return within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('Player Details (spec §2)', () => {
  it('opens from the name with personal, contact, emergency contact and tryout information', async () => {
    // Prepare
    serveAdmin({ rows: [maya, liam] });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));

    // Assess
    expect(screen.getByRole('tab', { name: 'Player Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Maya Okafor', level: 2 })).toHaveFocus();
    expect(detail('Personal', 'First name')).toBe('Maya');
    expect(detail('Personal', 'Last name')).toBe('Okafor');
    expect(detail('Personal', 'Date of birth')).toBe('April 9, 2010');
    expect(detail('Personal', 'Under 18')).toBe('Yes');
    expect(detail('Personal', 'Parent consent')).toBe('Yes');
    expect(detail('Contact', 'Email')).toBe('maya.okafor@example.com');
    expect(
      within(screen.getByRole('region', { name: 'Contact' })).getByRole('link', { name: '(780) 555-0142' }),
    ).toHaveAttribute('href', 'tel:7805550142');
    expect(detail('Emergency contact', 'Name')).toBe('Grace Okafor');
    expect(detail('Emergency contact', 'Relationship')).toBe('Guardian');
    expect(detail('Emergency contact', 'Phone')).toBe('780-555-0199');
    expect(detail('Emergency contact', 'Email')).toBe('grace.okafor@example.com');
    expect(detail('Tryout', 'Season')).toBe('Fall 2025 Tryouts');
    expect(detail('Tryout', 'Tryout #')).toBe('7');
    expect(detail('Tryout', 'Age group')).toBe('15U Girls');
    expect(detail('Tryout', 'Payment')).toBe('Paid (Card)');
    expect(detail('Tryout', 'Attended')).toBe('Yes');
    expect(detail('Tryout', 'Result')).toBe('Selected');
    expect(detail('Tryout', 'Result email')).toBe('Sent');
    expect(queryRegistrationsTable()).not.toBeInTheDocument();
  });

  it('says when a family withdrew and who did it: a guardian by name, or the account’s deletion (issue 42)', async () => {
    // Prepare: withdrawn at 7:42 p.m. Edmonton time (MDT) by a parent; another by the account's deletion
    serveAdmin({
      rows: [
        {
          ...maya,
          withdrawn: true,
          withdrawn_at: '2025-09-03T01:42:00.000Z',
          withdrawn_by: { kind: 'guardian', name: 'Grace Okafor' },
        },
        {
          ...liam,
          withdrawn: true,
          withdrawn_at: '2025-09-04T16:05:00.000Z',
          withdrawn_by: { kind: 'account_deletion' },
        },
      ],
    });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));

    // Assess
    expect(detail('Tryout', 'Status')).toBe(
      'Withdrawn on September 2, 2025 at 7:42 p.m. by Grace Okafor (parent or guardian)',
    );

    // Act
    await user.click(screen.getByRole('button', { name: 'Back to Tryouts' }));
    await user.click(screen.getByRole('button', { name: 'Liam Roy (details)' }));

    // Assess
    expect(detail('Tryout', 'Status')).toBe(
      'Withdrawn on September 4, 2025 at 10:05 a.m., when the family deleted its account',
    );
  });

  it('leaves parent consent out for an adult', async () => {
    // Prepare
    serveAdmin({
      rows: [{ ...maya, is_under_18: false, parent_consent: false, date_of_birth: '2006-01-02' }],
    });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));

    // Assess
    expect(detail('Personal', 'Under 18')).toBe('No');
    expect(within(screen.getByRole('region', { name: 'Personal' })).queryByText('Parent consent')).toBeNull();
  });

  it('links each address to exactly its one recipient, and never links one that could copy a stranger in', async () => {
    // Prepare: an address with an apostrophe and a plus tag, and an old record's contact that carries a query
    serveAdmin({
      rows: [
        {
          ...maya,
          email: "o'brien+club@example.com",
          emergency_contact_email: 'mom@example.com?bcc=attacker@evil.test',
        },
      ],
    });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));

    // Assess
    const contact = within(screen.getByRole('region', { name: 'Contact' }));
    expect(contact.getByRole('link', { name: "o'brien+club@example.com" })).toHaveAttribute(
      'href',
      "mailto:o'brien%2Bclub@example.com",
    );
    const emergency = within(screen.getByRole('region', { name: 'Emergency contact' }));
    expect(detail('Emergency contact', 'Email')).toBe('mom@example.com?bcc=attacker@evil.test');
    expect(emergency.queryByRole('link', { name: /mom@example\.com/ })).toBeNull();
  });

  it('goes back to the table as it was, the search kept and focus on the name', async () => {
    // Prepare
    serveAdmin({ rows: [maya, liam] });
    const { user } = await renderAdminWithRows();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'maya');
    await user.click(screen.getByRole('button', { name: 'Maya Okafor (details)' }));

    // Act
    await user.click(screen.getByRole('button', { name: 'Back to Tryouts' }));

    // Assess
    expect(screen.getByRole('tab', { name: 'Tryouts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('maya');
    expect(screen.queryByRole('button', { name: 'Liam Roy (details)' })).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Maya Okafor (details)' })).toHaveFocus(),
    );
  });

  it('asks for a name when no player was chosen', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('tab', { name: 'Player Details' }));

    // Assess
    expect(screen.getByText('Choose a player’s name in the Tryouts tab to see their details.')).toBeVisible();
  });
});

describe('tabs (spec §2: Tryouts and Player Details)', () => {
  it('moves between the tabs with the arrow keys', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });
    const { user } = await renderAdminWithRows();
    const tryouts = screen.getByRole('tab', { name: 'Tryouts' });
    const details = screen.getByRole('tab', { name: 'Player Details' });
    expect(tryouts).toHaveAttribute('tabindex', '0');
    expect(details).toHaveAttribute('tabindex', '-1');
    tryouts.focus();

    // Act
    await user.keyboard('{ArrowRight}');

    // Assess
    expect(details).toHaveFocus();
    expect(details).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Player Details' })).toBeVisible();

    // Act
    await user.keyboard('{ArrowRight}');

    // Assess
    expect(tryouts).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Tryouts' })).toBeVisible();
  });
});

/**
 * Captures the files the page saves: the object URLs it makes (jsdom has none) and the clicks on download
 * links (jsdom cannot download).
 */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: Array<{ name: string; blob: Blob | undefined }> = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => blobs.delete(url),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('CSV download (issue 8)', () => {
  it('fetches the export with the bearer token and saves it under the server’s file name', async () => {
    // Prepare
    sessionStorage.setItem('token', 'admin-token');
    const api = serveAdmin({ rows: [maya] });
    let auth: string | null = null;
    server.use(
      onRoute('exportTryouts', ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse('\uFEFFTryout #,First name\r\n7,Maya\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="fall-2025-tryouts.csv"',
          },
        });
      }),
    );
    const saved = captureDownloads();
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    // Assess
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(auth).toBe('Bearer admin-token');
    expect(callsTo(api, 'GET', `/api/admin/tryouts/export?season_id=${SEASON_ID}`)).toHaveLength(1);
    expect(saved[0]!.name).toBe('fall-2025-tryouts.csv');
    const bytes = new Uint8Array(await saved[0]!.blob!.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFTryout #,First name\r\n7,Maya\r\n',
    );
  });

  it('puts the medical notes in the file only when asked (issue 36)', async () => {
    // Prepare
    const api = serveAdmin({ seasons: [anAdminSeason({ name: 'Fall 2025 Tryouts' })], rows: [maya] });
    server.use(
      http.get(
        '/api/admin/tryouts/export',
        () => new HttpResponse('a,b\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    const saved = captureDownloads();
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'With medical notes' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    // Assess
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(
      callsTo(api, 'GET', `/api/admin/tryouts/export?season_id=${SEASON_ID}&medical_notes=include`),
    ).toHaveLength(1);
  });

  it('names the file after the season when the server gives no name', async () => {
    // Prepare
    serveAdmin({ seasons: [anAdminSeason({ name: 'Fall 2025 Tryouts' })], rows: [maya] });
    server.use(
      http.get(
        '/api/admin/tryouts/export',
        () => new HttpResponse('a,b\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    const saved = captureDownloads();
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    // Assess
    await vi.waitFor(() => expect(saved.map((f) => f.name)).toEqual(['fall-2025-tryouts-registrations.csv']));
  });

  it('says "Failed to download CSV" when the export is refused', async () => {
    // Prepare
    serveAdmin({ rows: [maya] });
    server.use(onRoute('exportTryouts', () => refused()));
    const { user } = await renderAdminWithRows();

    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    // Assess
    expect(await screen.findByText('Failed to download CSV')).toBeInTheDocument();
    expect(toastRegion('error')).toHaveTextContent('Failed to download CSV');
    expect(screen.getByRole('button', { name: 'Download CSV' })).not.toHaveAttribute('aria-disabled');
  });
});
