/** The tryout and payment calls of spec §7, typed from the shared route table. */
import type { TryoutRegistrationInput } from '@club/shared/schemas';
import type {
  CheckoutAnswer,
  MyTryout,
  PaymentConfirmation,
  TryoutRegistrationAnswer,
} from '@club/shared/types';
import { callApi, nullWhenNotFound } from '../../lib/api-client';

/** The signed-in player's registration for the active season, or null when there is none (404). */
export async function getMyTryout(): Promise<MyTryout | null> {
  const tryout = await nullWhenNotFound(callApi('getMyTryout'));
  return tryout?.hasRegistered ? tryout : null;
}

/** Registers for the active season; a card registration's answer carries the checkout page's `url`. */
export function registerTryout(choice: TryoutRegistrationInput): Promise<TryoutRegistrationAnswer> {
  return callApi('registerTryout', { body: choice });
}

/** A fresh checkout page for the player's unpaid card registration. */
export function startCheckout(): Promise<CheckoutAnswer> {
  return callApi('startCheckout');
}

/** Switches the player's unpaid card registration to cash on tryout day; answers the updated record. */
export function switchToCash(): Promise<MyTryout> {
  return callApi('updateMyTryout', { body: { payment_method: 'cash' } });
}

/** Asks the server to check the checkout session the player came back from (spec §4). */
export function confirmPayment(sessionId: string): Promise<PaymentConfirmation> {
  return callApi('confirmPayment', { query: { session_id: sessionId } });
}
