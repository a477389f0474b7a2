import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
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
