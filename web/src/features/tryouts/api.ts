/** The tryout and payment calls of spec §7, with paths from the shared route table. */
import { apiPath } from '@club/shared/routes';
import type { TryoutRegistrationInput } from '@club/shared/schemas';
import type {
  CheckoutAnswer,
  MyTryout,
  PaymentConfirmation,
  TryoutRegistrationAnswer,
} from '@club/shared/types';
import { apiRequest, nullWhenNotFound } from '../../lib/api-client';

/** The signed-in player's registration for the active season, or null when there is none (404). */
export async function getMyTryout(): Promise<MyTryout | null> {
  const tryout = await nullWhenNotFound(apiRequest<MyTryout>(apiPath('getMyTryout')));
  return tryout?.hasRegistered ? tryout : null;
}

/** Registers for the active season; a card registration's answer carries the checkout page's `url`. */
export function registerTryout(choice: TryoutRegistrationInput): Promise<TryoutRegistrationAnswer> {
  return apiRequest(apiPath('registerTryout'), { method: 'POST', body: choice });
}

/** A fresh checkout page for the player's unpaid card registration. */
export function startCheckout(): Promise<CheckoutAnswer> {
  return apiRequest(apiPath('startCheckout'), { method: 'POST' });
}

/** Switches the player's unpaid card registration to cash on tryout day; answers the updated record. */
export function switchToCash(): Promise<MyTryout> {
  return apiRequest(apiPath('updateMyTryout'), { method: 'PATCH', body: { payment_method: 'cash' } });
}

/** Asks the server to check the checkout session the player came back from (spec §4). */
export function confirmPayment(sessionId: string): Promise<PaymentConfirmation> {
  const query = new URLSearchParams({ session_id: sessionId });
  return apiRequest(`${apiPath('confirmPayment')}?${query.toString()}`);
}
