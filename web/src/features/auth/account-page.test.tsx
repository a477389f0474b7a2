import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountProfile } from '@club/shared/types';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { anAthlete } from '../../test/builders';
import { SessionContext } from '../../lib/session-context';
import { AccountPage } from './account-page';

const ACCOUNT: AccountProfile = {
  id: 'u1',
  first_name: 'Maya',
  last_name: 'Okafor',
  email: 'maya@example.com',
  phone_number: '780-555-0134',
  account_type: 'player',
  pending_email: null,
};

function serveAccount() {
  const sent: Array<{ route: string; body: unknown }> = [];
  server.use(
    onRoute('getAccount', () => ACCOUNT),
    http.patch('/api/account', async ({ request }) => {
      const body = (await request.json()) as Partial<AccountProfile>;
      sent.push({ route: 'updateAccount', body });
      return HttpResponse.json({ ...ACCOUNT, ...body });
    }),
    http.post('/api/auth/change-password', async ({ request }) => {
      const body = (await request.json()) as { current_password: string };
      sent.push({ route: 'changePassword', body });
      return body.current_password === 'Right!Password9'
        ? HttpResponse.json({
            success: true,
            message: 'Your password was changed. Other devices were signed out.',
          })
        : HttpResponse.json(
            {
              message: 'That is not your current password.',
              errors: [{ field: 'current_password', msg: 'That is not your current password.' }],
            },
            { status: 400 },
          );
    }),
    // After a change of name the page asks for a sign-in token carrying the new name.
    http.post('/api/auth/refresh-token', () =>
      HttpResponse.json({ message: 'Session expired.' }, { status: 401 }),
    ),
    http.post('/api/account/email', async ({ request }) => {
      sent.push({ route: 'changeEmail', body: await request.json() });
      return HttpResponse.json({
        success: true,
        message: 'We sent a link to your new address. Your e-mail changes once you follow it.',
      });
    }),
  );
  return sent;
}

async function renderPage() {
  render(
    <MemoryRouter>
      <AccountPage />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Your details' });
  const part = (name: string) => within(screen.getByRole('region', { name }));
  return { part, user: userEvent.setup() };
}

describe('/account (issue 18)', () => {
  it('changes the name and phone, checking the phone before sending', async () => {
    const sent = serveAccount();
    const { part, user } = await renderPage();
    const details = part('Your details');
    expect(details.getByLabelText('First name')).toHaveValue('Maya');

    await user.clear(details.getByLabelText('Phone number'));
    await user.type(details.getByLabelText('Phone number'), '555-0134');
    await user.click(details.getByRole('button', { name: 'Save details' }));
    expect(details.getByText('Invalid Canadian phone number.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(details.getByLabelText('Phone number'));
    await user.type(details.getByLabelText('Phone number'), '587-555-0190');
    await user.clear(details.getByLabelText('First name'));
    await user.type(details.getByLabelText('First name'), 'Maia');
    await user.click(details.getByRole('button', { name: 'Save details' }));

    expect(await details.findByRole('status')).toHaveTextContent('Your details were saved.');
    expect(sent).toEqual([
      {
        route: 'updateAccount',
        body: { first_name: 'Maia', last_name: 'Okafor', phone_number: '587-555-0190' },
      },
    ]);
  });

  it('offers a new phone to the children’s emergency contacts that had the old one, and changes only those (issue 36)', async () => {
    // Prepare: two children, one whose emergency contact has the parent's number, one another number.
    const sent = serveAccount();
    const kid = (id: string, first_name: string, emergency_contact_phone: string) =>
      anAthlete({
        id,
        first_name,
        last_name: 'Okafor',
        date_of_birth: '2013-04-02',
        emergency_contact_name: 'Maya Okafor',
        emergency_contact_phone,
        emergency_contact_email: 'maya@example.com',
      });
    const amara = kid('55555555-5555-4555-8555-555555555555', 'Amara', '(780) 555-0134');
    const leo = kid('66666666-6666-4666-8666-666666666666', 'Leo', '780-555-0199');
    server.use(
      onRoute('getHousehold', () => ({ guardians: [], athletes: [amara, leo] })),
      onRoute('updateAthlete', async ({ request, params }) => {
        sent.push({ route: `updateAthlete ${String(params.id)}`, body: await request.json() });
        return amara;
      }),
    );
    const { part, user } = await renderPage();
    const details = part('Your details');

    // Act
    await user.clear(details.getByLabelText('Phone number'));
    await user.type(details.getByLabelText('Phone number'), '587-555-0190');
    await user.click(details.getByRole('button', { name: 'Save details' }));

    // Assess: asked, not done.
    const offer = await details.findByRole('group', {
      name: 'Amara’s emergency contact still has your old number, 780-555-0134.',
    });
    expect(sent.map((c) => c.route)).toEqual(['updateAccount']);

    // Act
    await user.click(within(offer).getByRole('button', { name: 'Use 587-555-0190 for them too' }));

    // Assess
    expect(await details.findByText('Their emergency contact now has 587-555-0190.')).toBeInTheDocument();
    expect(sent.slice(1)).toEqual([
      { route: `updateAthlete ${amara.id}`, body: { emergency_contact_phone: '587-555-0190' } },
    ]);
  });

  it('asks for the current password, shows the rules, and says when the current one is wrong', async () => {
    const sent = serveAccount();
    const { part, user } = await renderPage();
    const password = part('Password');

    await user.type(password.getByLabelText('Current password'), 'Wrong!Password9');
    await user.type(password.getByLabelText('New password'), 'Brand!New9Password');
    expect(password.getByText('At least 12 characters')).toBeInTheDocument();
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('That is not your current password.')).toBeInTheDocument();
    expect(password.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(password.getByLabelText('Current password'));
    await user.type(password.getByLabelText('Current password'), 'Right!Password9');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByRole('status')).toHaveTextContent(
      'Your password was changed. Other devices were signed out.',
    );
    expect(password.getByLabelText('New password')).toHaveValue('');
    expect(sent.map((s) => s.route)).toEqual(['changePassword', 'changePassword']);
  });

  it('sends a confirmation link for a new address and shows it waiting', async () => {
    const sent = serveAccount();
    const { part, user } = await renderPage();
    const email = part('E-mail address');
    expect(email.getByText('maya@example.com')).toBeInTheDocument();

    await user.type(email.getByLabelText('New e-mail address'), ' Maya.New@Example.com ');
    await user.type(email.getByLabelText('Current password'), 'Right!Password9');
    await user.click(email.getByRole('button', { name: 'Send confirmation link' }));

    expect(await email.findByRole('status')).toHaveTextContent(
      'We sent a link to your new address. Your e-mail changes once you follow it.',
    );
    expect(email.getByText('maya.new@example.com')).toBeInTheDocument();
    expect(sent).toEqual([
      { route: 'changeEmail', body: { email: 'Maya.New@Example.com', current_password: 'Right!Password9' } },
    ]);
  });

  it('sends athletes’ details to the family section', async () => {
    serveAccount();
    const { part } = await renderPage();
    expect(
      part('Athletes and emergency contacts').getByRole('link', { name: 'Edit athletes’ details' }),
    ).toHaveAttribute('href', '/dashboard#household-title');
  });

  describe('your data (issue 19)', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      Reflect.deleteProperty(URL, 'createObjectURL');
    });

    it('downloads a readable copy and a JSON copy of everything stored', async () => {
      serveAccount();
      const asked: string[] = [];
      server.use(
        http.get('/api/account/export', ({ request }) => {
          const format = new URL(request.url).searchParams.get('format') ?? 'json';
          asked.push(format);
          return new HttpResponse(format === 'html' ? '<!doctype html><h1>Your data</h1>' : '{}', {
            headers: {
              'content-type': format === 'html' ? 'text/html; charset=utf-8' : 'application/json',
              'content-disposition': `attachment; filename="summit-basketball-my-data.${format}"`,
            },
          });
        }),
      );
      const saved: string[] = [];
      Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const { part, user } = await renderPage();
      const data = part('Your data');

      await user.click(data.getByRole('button', { name: 'Download a readable copy' }));
      await vi.waitFor(() => expect(saved).toHaveLength(1));
      await user.click(data.getByRole('button', { name: 'Download as JSON' }));
      await vi.waitFor(() => expect(saved).toHaveLength(2));

      expect(asked).toEqual(['html', 'json']);
      expect(saved).toEqual(['summit-basketball-my-data.html', 'summit-basketball-my-data.json']);
    });
  });

  describe('deleting the account (issue 19)', () => {
    function serveDeletion() {
      const asked: unknown[] = [];
      server.use(
        http.delete('/api/account', async ({ request }) => {
          const body = (await request.json()) as { password: string };
          asked.push(body);
          return body.password === 'Right!Password9'
            ? HttpResponse.json({ success: true, message: 'Your account was deleted.' })
            : HttpResponse.json(
                {
                  message: 'That is not your current password.',
                  errors: [{ field: 'password', msg: 'That is not your current password.' }],
                },
                { status: 401 },
              );
        }),
      );
      return asked;
    }

    async function renderSignedIn() {
      const logout = vi.fn(async () => {});
      render(
        <SessionContext.Provider value={{ user: null, ready: true, logout }}>
          <MemoryRouter>
            <AccountPage />
          </MemoryRouter>
        </SessionContext.Provider>,
      );
      await screen.findByRole('heading', { name: 'Your details' });
      return {
        logout,
        part: within(screen.getByRole('region', { name: 'Delete my account' })),
        user: userEvent.setup(),
      };
    }

    it('asks for the tick and the password, keeps the session on a wrong password, and signs out once deleted', async () => {
      serveAccount();
      const asked = serveDeletion();
      const { logout, part, user } = await renderSignedIn();

      await user.click(part.getByRole('button', { name: 'Delete my account' }));
      expect(part.getByText('Enter your current password.')).toBeInTheDocument();
      expect(part.getByText('Tick the box to say you understand.')).toBeInTheDocument();
      expect(asked).toEqual([]);

      await user.type(part.getByLabelText('Current password'), 'Wrong!Password9');
      await user.click(part.getByLabelText('I understand my account is deleted for good.'));
      await user.click(part.getByRole('button', { name: 'Delete my account' }));
      expect(await part.findByText('That is not your current password.')).toBeInTheDocument();
      expect(logout).not.toHaveBeenCalled();

      await user.clear(part.getByLabelText('Current password'));
      await user.type(part.getByLabelText('Current password'), 'Right!Password9');
      await user.click(part.getByRole('button', { name: 'Delete my account' }));
      await vi.waitFor(() => expect(logout).toHaveBeenCalledOnce());
      expect(asked).toEqual([{ password: 'Wrong!Password9' }, { password: 'Right!Password9' }]);
    });
  });
});

describe('/account: Reset calendar link (issue 42)', () => {
  it('asks the server for a new secret once, and offers the new link to add', async () => {
    // Prepare
    serveAccount();
    const resets: string[] = [];
    server.use(
      http.post('/api/household/calendar-link/reset', ({ request }) => {
        resets.push(request.method);
        return HttpResponse.json({
          subscribe_url: 'webcal://localhost/api/tryouts/calendar.ics?key=new-family-key',
          download_url: 'https://localhost/api/tryouts/calendar.ics?key=new-family-key',
        });
      }),
    );
    const { part, user } = await renderPage();
    const calendar = part('Calendar link');

    // Act
    await user.click(calendar.getByRole('button', { name: 'Reset calendar link' }));

    // Assess
    expect(await calendar.findByRole('status')).toHaveTextContent(
      'Your calendar link was reset. The old link no longer shows any tryouts.',
    );
    expect(calendar.getByRole('link', { name: 'Add the new link to my calendar' })).toHaveAttribute(
      'href',
      'webcal://localhost/api/tryouts/calendar.ics?key=new-family-key',
    );
    expect(resets).toEqual(['POST']);
  });

  it('says so when the reset fails, and the old link is not offered as new', async () => {
    // Prepare
    serveAccount();
    server.use(
      http.post('/api/household/calendar-link/reset', () =>
        HttpResponse.json({ message: 'Something went wrong. Please try again.' }, { status: 500 }),
      ),
    );
    const { part, user } = await renderPage();
    const calendar = part('Calendar link');

    // Act
    await user.click(calendar.getByRole('button', { name: 'Reset calendar link' }));

    // Assess
    expect(await calendar.findByRole('alert')).toHaveTextContent(
      'The calendar link could not be reset. Please try again.',
    );
    expect(calendar.queryByRole('link', { name: 'Add the new link to my calendar' })).toBeNull();
  });
});
