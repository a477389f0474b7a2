/** The tryout and payment calls of spec §7, typed from the shared route table. */
import type { Division } from '@club/shared/constants';
import type { TryoutRegistrationInput } from '@club/shared/schemas';
import type {
  CheckoutAnswer,
  MyTryout,
  PaymentConfirmation,
  TryoutRegistrationAccepted,
  TryoutRegistrationAnswer,
} from '@club/shared/types';
import { callApi, downloadApi, nullWhenNotFound, type DownloadedFile } from '../../lib/api-client';

/** The signed-in player's registration for the active season, or null when there is none (404). */
export async function getMyTryout(): Promise<MyTryout | null> {
  const tryout = await nullWhenNotFound(callApi('getMyTryout'));
  return tryout?.hasRegistered ? tryout : null;
}

/** Keeps which teams an athlete plays on, said once on the tryout form (issue 36). */
export async function sayDivision(athleteId: string, division: Division): Promise<void> {
  await callApi('updateAthlete', { params: { id: athleteId }, body: { division } });
}

/** Registers for the active season; a card registration's answer carries the checkout page's `url`. */
/** 202 (issue 43): registered, and the tryout numbers follow on the dashboard, as the message says. */
export function registerTryout(
  choice: TryoutRegistrationInput,
): Promise<TryoutRegistrationAnswer | TryoutRegistrationAccepted> {
  return callApi('registerTryout', { body: choice });
}

/** ONE checkout page for every unpaid card registration of the household (issue 36). */
export function startFamilyCheckout(): Promise<CheckoutAnswer> {
  return callApi('startFamilyCheckout');
}

/**
 * A fresh checkout page for an unpaid card registration: the player's own, or (with an athlete id) that
 * athlete's of the household.
 */
export function startCheckout(athleteId?: string): Promise<CheckoutAnswer> {
  return athleteId
    ? callApi('startHouseholdCheckout', { params: { id: athleteId } })
    : callApi('startCheckout');
}

/** Switches an unpaid card registration to cash on tryout day; answers the updated record. */
export function switchToCash(athleteId?: string): Promise<MyTryout> {
  const body = { payment_method: 'cash' as const };
  return athleteId
    ? callApi('updateHouseholdTryout', { params: { id: athleteId }, body })
    : callApi('switchMyTryoutToCash', { body });
}

/** Withdraws a registration (the player's own, or that athlete's); answers the updated record. */
export function withdrawTryout(athleteId?: string): Promise<MyTryout> {
  return athleteId
    ? callApi('withdrawHouseholdTryout', { params: { id: athleteId } })
    : callApi('withdrawMyTryout');
}

/** A paid registration's receipt file (the player's own, or that athlete's). */
/** The receipt of the payment a registration was paid by: a printable page, or a PDF (issue 36). */
export function downloadReceipt(
  athleteId?: string,
  format: 'html' | 'pdf' = 'html',
): Promise<DownloadedFile> {
  const accept = format === 'pdf' ? 'application/pdf' : 'text/html';
  return athleteId
    ? downloadApi('getHouseholdReceipt', accept, { params: { id: athleteId }, query: { format } })
    : downloadApi('getMyReceipt', accept, { query: { format } });
}

/** Asks the server to check the checkout session the player came back from (spec §4). */
export function confirmPayment(sessionId: string): Promise<PaymentConfirmation> {
  return callApi('confirmPayment', { query: { session_id: sessionId } });
}
