import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { serverMessages, VERIFY_EMAIL_PHRASE } from './messages';

describe('the account rows of the route table', () => {
  // Spec §7's methods and paths, except where a token would sit in a URL: spec §7 posts the reset to
  // /auth/reset-password/{token}, and the verification link opened a GET with ?token=. Both tokens now travel
  // in the body, and the mails carry them in the link's fragment, so no CDN or API access log can keep one
  // (issue 11; docs/decisions/0017-tokens-in-url-fragment.md).
  it('use the spec §7 methods and paths, with no token in any path or query', () => {
    expect(
      Object.fromEntries(
        (
          [
            'register',
            'verifyEmail',
            'login',
            'refreshToken',
            'logout',
            'resendVerification',
            'forgotPassword',
            'resetPassword',
          ] as const
        ).map((name) => [name, `${routes[name].method} ${routes[name].path}`]),
      ),
    ).toEqual({
      register: 'POST /auth/register',
      verifyEmail: 'POST /auth/verify-email',
      login: 'POST /auth/login',
      refreshToken: 'POST /auth/refresh-token',
      logout: 'POST /auth/logout',
      resendVerification: 'POST /auth/resend-verification',
      forgotPassword: 'POST /auth/forgot-password',
      resetPassword: 'POST /auth/reset-password',
    });
  });

  it('mark the cookie and mail endpoints', () => {
    const withCookie = Object.entries(routes).filter(([, r]) => 'cookie' in r && r.cookie);
    const withMail = Object.entries(routes).filter(([, r]) => 'mail' in r && r.mail);
    // A password change while signed in reads the cookie to keep this device's session (issue 18).
    expect(withCookie.map(([n]) => n).sort()).toEqual(['changePassword', 'login', 'logout', 'refreshToken']);
    // The account mails (and a household's invitation), the admin's resend of one result mail (bulk result mail goes through the queue),
    // and the registration's confirmation, sent where a registration completes: cash at once, a card once paid.
    // The account page's password and e-mail changes tell the account's address (issue 18).
    expect(withMail.map(([n]) => n).sort()).toEqual([
      'changeEmail',
      'changePassword',
      'confirmEmailChange',
      'confirmPayment',
      'forgotPassword',
      'inviteGuardian',
      // Issue 37: a helper's invitation; a walk-up's confirmation and account to claim.
      'inviteHelper',
      // Issue 45: a team fee's refund is mailed to the family, as a tryout fee's is.
      'refundOffer',
      'refundTryout',
      'register',
      'registerTryout',
      'registerWalkUp',
      'resendResult',
      'resendVerification',
      'resetPassword',
      'setTryoutFee',
      'stripeWebhook',
      'switchMyTryoutToCash',
      'updateHouseholdTryout',
      // Issue 36: a withdrawal, a refund and a fee the club set are mailed to the family.
      'withdrawHouseholdTryout',
      'withdrawMyTryout',
    ]);
  });

  it("word the unverified login so the web offers a resend (spec §8 'verify your email')", () => {
    expect(VERIFY_EMAIL_PHRASE).toBe('verify your email');
    expect(serverMessages.verifyEmailFirst).toContain('verify your email');
    expect(serverMessages.loginFailed).not.toContain('verify your email');
  });
});
