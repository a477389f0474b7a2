/**
 * Test helpers for a team fee in instalments (issue 46): dates from today in the club's day, a season with its
 * offers on, an offer accepted through the API, and the first instalment paid on the Stripe stand-in with one
 * of its test cards (each setup answer checked).
 */
import type Stripe from 'stripe';
import { todayInClubZone, type OfferAnswer } from '@club/shared';
import type { TeamItem } from '../src/db/teams/teams';
import { createAdmin } from './admin';
import { ok } from './builders';
import { openSeason, type TestPlayer } from './players';
import { deliverEvent, sessionIdOf, sessionOnStandIn } from './stripe';
import { adultPlayer, offered } from './team-fees';

/** A date `days` from today, in the club's day (YYYY-MM-DD). */
export function inDays(days: number): string {
  const [y, m, d] = todayInClubZone().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Stripe's test cards the stand-in's checkout offers: works now and later, and pays now but declines later. */
export const CARD_WORKS = '4242424242424242';
export const CARD_DECLINES_LATER = '4000000000000341';
/** Saved, then refused off-session until the cardholder confirms (the stand-in's authentication_required). */
export const CARD_ASKS_TO_CONFIRM_LATER = '4000002760003184';

/** Presses Pay on the stand-in's checkout page with a test card; the session as Stripe then has it. */
export async function payWithCard(sessionId: string, card: string): Promise<Stripe.Checkout.Session> {
  const standIn = process.env.STRIPE_API_BASE ?? '';
  const res = await fetch(`${standIn}/checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card }).toString(),
  });
  if (res.status !== 303) throw new Error(`pay answered ${res.status}`);
  return sessionOnStandIn(sessionId);
}

/** An adult player offered a place on `team` who accepts it through the API (the answer checked). */
export async function acceptedThroughApi(
  team: TeamItem,
): Promise<{ family: TestPlayer; answer: OfferAnswer }> {
  const family = await adultPlayer();
  const offer = await offered(team, family.id);
  const res = await ok('acceptOffer', {
    token: family.token,
    params: { offerId: offer.id },
    body: { waiver_name: 'Jayden Okafor' },
  });
  return { family, answer: res.body as unknown as OfferAnswer };
}

/** The family pays the first instalment on the stand-in with `card` and Stripe tells the webhook; the session. */
export async function firstInstalmentPaid(
  family: TestPlayer,
  offerId: string,
  card = CARD_WORKS,
): Promise<Stripe.Checkout.Session> {
  const opened = await ok('startOfferCheckout', { token: family.token, params: { offerId }, body: {} });
  const session = await payWithCard(sessionIdOf(opened.body.url as string), card);
  const told = await deliverEvent('checkout.session.completed', session);
  if (told.status !== 200) throw new Error(`webhook answered ${told.status}`);
  return session;
}

/** A season open for registration with its offers on (so a family's dashboard carries its offer). */
export async function offersSeason(): Promise<string> {
  const season = await openSeason({ name: 'Fall 2026 Tryouts' });
  const admin = await createAdmin();
  await ok('updateSeason', {
    token: admin.token,
    params: { id: season.id },
    body: { offers: { enabled: true, respond_within_hours: 48 } },
  });
  return season.id;
}
