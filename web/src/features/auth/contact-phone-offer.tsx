/**
 * A guardian's new phone, offered to the children's emergency contacts that held the old one (issue 36):
 * asked after the account's phone changes, done only on a click, one athlete change each.
 */
import { useState } from 'react';
import type { Athlete } from '@club/shared/types';
import { callApi } from '../../lib/api-client';
import { authMessages as t } from './messages';

/** Children whose emergency contact holds the guardian's old number, and the new one (issue 36). */
export interface ContactOffer {
  from: string;
  to: string;
  athletes: Athlete[];
}

const digits = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** After a change of phone: the household's athletes whose emergency contact still has the old number. */
export async function contactsWithOldPhone(from: string, to: string): Promise<ContactOffer | null> {
  if (!from || digits(from) === digits(to)) return null;
  const household = await callApi('getHousehold').catch(() => null);
  const athletes =
    household?.athletes.filter((a) => digits(a.emergency_contact_phone) === digits(from)) ?? [];
  return athletes.length ? { from, to, athletes } : null;
}

/** "Amara's and Jayden's emergency contact still has your old number": offered, never done silently. */
export function ContactPhoneOffer({ offer, onDone }: { offer: ContactOffer; onDone: () => void }) {
  const [state, setState] = useState<'asking' | 'busy' | 'done' | 'failed'>('asking');
  const names = new Intl.ListFormat('en-CA', { type: 'conjunction' })
    .format(offer.athletes.map((a) => `${a.first_name}’s`))
    .replace(/, and /, ' and ');
  async function update() {
    setState('busy');
    try {
      for (const athlete of offer.athletes) {
        await callApi('updateAthlete', {
          params: { id: athlete.id },
          body: { emergency_contact_phone: offer.to },
        });
      }
      setState('done');
    } catch {
      setState('failed');
    }
  }
  if (state === 'done') {
    return (
      <p role="status" className="form-success">
        {t.contactsUpdated(offer.to)}
      </p>
    );
  }
  return (
    <div className="account-offer" role="group" aria-labelledby="contact-offer">
      <p id="contact-offer">{t.contactsHoldOldPhone(names, offer.from)}</p>
      {state === 'failed' ? (
        <p role="alert" className="form-error">
          {t.contactsUpdateFailed}
        </p>
      ) : null}
      <p className="tryout-actions">
        <button
          type="button"
          className="button"
          aria-disabled={state === 'busy' || undefined}
          onClick={() => void update()}
        >
          {t.useNewPhone(offer.to)}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          {t.keepOldPhone}
        </button>
      </p>
    </div>
  );
}
