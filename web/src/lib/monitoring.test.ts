import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubEvent, scrubUrl } from './monitoring';

describe('error reports carry no personal data', () => {
  it('drops query strings, fragments and password-reset tokens from URLs', () => {
    expect(scrubUrl('https://club.ca/dashboard?session_id=cs_test_123')).toBe('https://club.ca/dashboard');
    expect(scrubUrl('/reset-password/4f9a0c1d2e?x=1')).toBe('/reset-password/[token]');
    expect(scrubUrl('/check-email#jordan@example.com')).toBe('/check-email');
  });

  it('removes the user and everything in the request but its scrubbed URL', () => {
    const event = scrubEvent({
      user: { email: 'jordan@example.com', ip_address: '1.2.3.4' },
      request: {
        url: 'https://club.ca/reset-password/abc',
        headers: { Authorization: 'Bearer x' },
        cookies: { refresh: 'y' },
        data: { password: 'secret' },
        query_string: 'email=jordan@example.com',
      },
      transaction: '/reset-password/abc',
    });

    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({ url: 'https://club.ca/reset-password/[token]' });
    expect(event.transaction).toBe('/reset-password/[token]');
  });

  it('drops console breadcrumbs and scrubs navigation and fetch URLs', () => {
    expect(scrubBreadcrumb({ category: 'console', message: 'jordan@example.com' })).toBeNull();
    expect(
      scrubBreadcrumb({
        category: 'navigation',
        data: { from: '/check-email?email=a@b.c', to: '/dashboard' },
      }),
    ).toEqual({ category: 'navigation', data: { from: '/check-email', to: '/dashboard' } });
    expect(
      scrubBreadcrumb({ category: 'fetch', data: { url: '/api/payments/confirm?session_id=1' } }),
    ).toEqual({
      category: 'fetch',
      data: { url: '/api/payments/confirm' },
    });
  });
});
