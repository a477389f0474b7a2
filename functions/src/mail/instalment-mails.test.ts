/**
 * Issue 46: a declined instalment's mail says what happened in the reason's own words, calls it an instalment
 * as the screens do, and promises a retry only where one can pass.
 */
import { describe, expect, it } from 'vitest';
import { instalmentDeclinedMail, instalmentPaidMail } from './instalment-mails';

const declined = (reason: string, retrying: boolean) =>
  instalmentDeclinedMail({
    to: 'family@example.test',
    firstName: 'Priya',
    athleteName: 'Freya',
    teamName: 'Sabres 15U Black',
    seasonName: 'Fall 2026',
    n: 2,
    count: 3,
    amountCents: 25_000,
    dueDate: '2026-12-01',
    reason,
    retrying,
  });

describe('the declined instalment’s mail', () => {
  it('calls it an instalment, as the dashboard does', () => {
    const mail = declined('card_declined', true);
    expect(mail.subject).toBe('Instalment 2 of 3 of Freya’s Sabres 15U Black team fee was declined');
    expect(mail.text).toContain(
      'could not charge the saved card $250.00 for instalment 2 of 3 of Freya’s Sabres 15U Black team fee (Fall 2026), due December 1, 2026. The card was declined.',
    );
    expect(mail.text).toContain('We will try the card again tomorrow.');
  });

  it('does not speak of a saved card when none could be charged (reason other)', () => {
    const mail = declined('other', true);
    expect(mail.text).not.toContain('saved card');
    expect(mail.text).not.toContain('try the card again tomorrow');
    expect(mail.text).toContain('could not collect $250.00 for instalment 2 of 3');
    expect(mail.text).toContain('Please pay it from your dashboard with a card.');
  });

  it('asks the family to pay with the link when the bank wants it confirmed, never promising a retry', () => {
    const mail = declined('authentication_required', true);
    expect(mail.text).toContain('The bank asked to confirm the payment.');
    expect(mail.text).toContain('please pay it with the link on your dashboard.');
    expect(mail.text).not.toContain('try the card again tomorrow');
  });
});

describe('the paid instalment’s mail', () => {
  const paid = (next: { amountCents: number; dueDate: string } | null, cardLast4: string | null) =>
    instalmentPaidMail({
      to: 'family@example.test',
      firstName: 'Priya',
      athleteName: 'Freya',
      teamName: 'Sabres 15U Black',
      seasonName: 'Fall 2026',
      n: 2,
      count: 3,
      amountCents: 25_000,
      // 11:30 p.m. in Edmonton on December 1 is already December 2 in UTC.
      paidAt: '2026-12-02T06:30:00.000Z',
      cardLast4,
      next,
    });

  it('says the amount, the day in Edmonton, the card and the next instalment', () => {
    const mail = paid({ amountCents: 24_999, dueDate: '2027-01-01' }, '4242');
    expect(mail.subject).toBe('Instalment 2 of 3 of your Sabres 15U Black team fee is paid');
    expect(mail.text).toContain(
      'received $250.00 for instalment 2 of 3 of Freya’s Sabres 15U Black team fee (Fall 2026) on December 1, 2026 with the card ending in 4242.',
    );
    expect(mail.text).toContain('Next: instalment 3 of 3, $249.99, due January 1, 2027.');
    expect(mail.text).not.toContain('paid in full');
  });

  it('says the fee is paid in full after the last, and names no card when none is known', () => {
    const mail = paid(null, null);
    expect(mail.text).toContain('Your team fee is now paid in full.');
    expect(mail.text).not.toContain('card ending');
    expect(mail.text).toContain('on December 1, 2026.');
  });
});
