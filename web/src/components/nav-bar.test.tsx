import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicReadPath } from '@club/shared/public-paths';
import { forgetSeasonEvents } from '../lib/season-events';
import { server } from '../test/server';
import type { SessionUser } from '@club/shared';
import { SessionContext, type SessionValue } from '../lib/session-context';
import { NavBar } from './nav-bar';

const player: SessionUser = {
  id: 'u1',
  first_name: 'Jordan',
  last_name: 'Lee',
  email: 'jordan@example.com',
  is_admin: false,
};
const admin: SessionUser = { ...player, id: 'a1', first_name: 'Sam', is_admin: true };

function renderNav(session: Partial<SessionValue> = {}, path = '/') {
  const value: SessionValue = { user: null, ready: true, logout: vi.fn(async () => {}), ...session };
  const router = createMemoryRouter([{ path: '*', element: <NavBar /> }], { initialEntries: [path] });
  render(
    <SessionContext.Provider value={value}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { value, main: screen.getByRole('navigation', { name: 'Main' }) };
}

describe('NavBar items (spec §2)', () => {
  it('lists the spec’s items in order, with Login when signed out', () => {
    const { main } = renderNav();

    const items = within(main)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.matches('.nav-list, .nav-auth'))
      .map((li) => li.firstElementChild?.firstChild?.textContent ?? li.textContent);
    expect(items).toEqual([
      'About',
      'Fall Season',
      'Spring Season',
      'Winter Programming',
      'Training/Camps',
      'Tournaments',
      'Login',
    ]);
    expect(within(main).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(main).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows Dashboard and Logout to a signed-in player', async () => {
    const { main, value } = renderNav({ user: player });

    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(main).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(within(main).getByRole('button', { name: 'Logout' }));
    expect(value.logout).toHaveBeenCalledOnce();
  });

  it('shows Admin and Logout to an administrator', () => {
    const { main } = renderNav({ user: admin });

    expect(within(main).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(main).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the admin area a small header: the club, Admin and Logout, no marketing menu (issue 18)', () => {
    const { main } = renderNav({ user: admin }, '/admin');

    expect(within(main).getByRole('link', { name: /Summit Basketball/ })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(main).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Fall Season' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Tournaments' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('shows neither Login nor Dashboard while a stored session is being restored', () => {
    const { main } = renderNav({ user: null, ready: false });

    expect(within(main).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});

describe('NavBar "Register for tryouts" (issue 18)', () => {
  beforeEach(() => forgetSeasonEvents());
  afterEach(() => forgetSeasonEvents());

  function serveRegistration(open: boolean) {
    server.use(
      http.get(publicReadPath('getActiveSeason'), () =>
        HttpResponse.json({
          id: 's1',
          name: 'Fall 2026 Tryouts',
          is_active: true,
          age_groups: ['15U Boys'],
          is_registration_open: open,
          tryout_fee_cents: 8500,
          sibling_fee_cents: 8500,
          reference_year: 2026,
          registration_opens_on: null,
          sessions: [],
        }),
      ),
    );
  }

  it('leads a signed-out visitor to /tryout from the bar and from the mobile menu while registration is open', async () => {
    serveRegistration(true);
    const { main } = renderNav();

    expect(await within(main).findByRole('link', { name: 'Register for tryouts' })).toHaveAttribute(
      'href',
      '/tryout',
    );
    await userEvent.click(within(main).getByRole('button', { name: 'Menu' }));
    const sidebar = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(sidebar).getByRole('link', { name: 'Register for tryouts' })).toHaveAttribute(
      'href',
      '/tryout',
    );
  });

  it('is offered to a signed-in player too', async () => {
    serveRegistration(true);
    const { main } = renderNav({ user: player });

    expect(await within(main).findByRole('link', { name: 'Register for tryouts' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('is not offered while registration is closed', async () => {
    serveRegistration(false);
    const closed = renderNav();
    await within(closed.main).findByRole('link', { name: 'Login' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(closed.main).queryByRole('link', { name: 'Register for tryouts' })).not.toBeInTheDocument();
  });

  it('is not offered to an administrator while registration is open', async () => {
    serveRegistration(true);
    let asked = 0;
    server.events.on('response:mocked', () => {
      asked += 1;
    });
    renderNav({ user: { ...player, is_admin: true } }, '/tryout-information');
    const main = screen.getByRole('navigation', { name: 'Main' });
    await vi.waitFor(() => expect(asked).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.events.removeAllListeners();
    expect(within(main).queryByRole('link', { name: 'Register for tryouts' })).not.toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });
});

describe('NavBar dropdowns', () => {
  it('lists the About, Fall and Spring menus’ links', async () => {
    const { main } = renderNav();
    const user = userEvent.setup();

    await user.click(within(main).getByRole('button', { name: 'About' }));
    const about = within(main).getByRole('button', { name: 'About' }).nextElementSibling as HTMLElement;
    expect(
      within(about)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Our Mission', '/about#mission'],
      ['Events', '/#upcoming-events'],
      ['Why Choose Us', '/about#why-choose-us'],
      ['Contact', '/contact'],
    ]);

    await user.click(within(main).getByRole('button', { name: 'Fall Season' }));
    expect(about).not.toBeVisible();
    const fall = within(main).getByRole('button', { name: 'Fall Season' }).nextElementSibling as HTMLElement;
    expect(within(fall).getByRole('link', { name: 'Girls Teams' })).toHaveAttribute(
      'href',
      '/FallTeams/Girls',
    );
    expect(within(fall).getByRole('link', { name: 'Boys Teams' })).toHaveAttribute('href', '/FallTeams/Boys');

    await user.click(within(main).getByRole('button', { name: 'Spring Season' }));
    const spring = within(main).getByRole('button', { name: 'Spring Season' })
      .nextElementSibling as HTMLElement;
    const springLinks = within(spring)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(springLinks).toContain('Tryouts Information');
    expect(springLinks).toEqual(
      expect.arrayContaining([
        '13U Boys',
        '14U Boys',
        '15U Boys',
        '16U Boys',
        '17U Boys',
        '18U Boys',
        '15U Girls',
        '17U Girls',
      ]),
    );
  });

  it('opens with the keyboard, moves with the arrows, and Escape closes it and returns focus', async () => {
    const { main } = renderNav();
    const user = userEvent.setup();
    const button = within(main).getByRole('button', { name: 'Fall Season' });

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list).toBeVisible();

    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('link', { name: 'All Fall Teams' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('link', { name: 'Girls Teams' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('closes when focus leaves it', async () => {
    const { main } = renderNav();
    const user = userEvent.setup();
    const button = within(main).getByRole('button', { name: 'About' });

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // first link inside
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab(); // out of the menu, onto the next button

    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
