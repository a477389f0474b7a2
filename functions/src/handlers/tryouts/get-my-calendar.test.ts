import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { createAdmin } from '../../../test/admin';
import { createPlayer, openSeason, registeredPlayer } from '../../../test/players';
import { ok } from '../../../test/builders';

const HARRY = { location: 'Harry Ainlay gym', address: '4350 111 St NW, Edmonton' };

/**
 * The wall-clock time a phone set to Edmonton time shows for an iCalendar date-time, as phones read them
 * (RFC 5545 §3.3.5): a time with no `Z` and no `TZID` is floating, shown as written in the phone's own zone;
 * a `Z` time is an instant, shown in the phone's zone; a `TZID` time is read in the file's VTIMEZONE.
 */
function shownInEdmonton(time: ICAL.Time, calendar: ICAL.Component): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const tzid = time.zone?.tzid;
  if (tzid === 'floating' || tzid === undefined) {
    return `${time.year}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}`;
  }
  if (tzid !== 'UTC') {
    const vtimezone = calendar
      .getAllSubcomponents('vtimezone')
      .find((tz) => tz.getFirstPropertyValue('tzid') === tzid);
    if (!vtimezone) throw new Error(`TZID ${tzid} has no VTIMEZONE in the file: a phone cannot read it`);
    ICAL.TimezoneService.register(vtimezone);
  }
  const instant = time.toJSDate();
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Edmonton',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** What a phone in Edmonton shows for each event: its start and end on the phone's clock. */
function phoneView(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return `${shownInEdmonton(event.startDate, calendar)} to ${shownInEdmonton(event.endDate, calendar)}`;
  });
}

/** The events a calendar parser reads from the file: start and end instants, summary, location. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
    };
  });
}

describe('GET /tryouts/my/calendar.ics', () => {
  it("answers the player's group's tryout sessions as a calendar file a parser reads, in Edmonton time", async () => {
    // Prepare: two 15U Boys sessions (one in winter time), one of another group, one open gym
    const admin = await createAdmin();
    const season = await openSeason();
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: {
        sessions: [
          {
            kind: 'tryout',
            age_groups: ['15U Boys'],
            starts_at: '2026-08-18T18:00',
            ends_at: '2026-08-18T19:30',
            ...HARRY,
          },
          {
            kind: 'tryout',
            age_groups: ['15U Boys', '16U Boys'],
            starts_at: '2026-11-14T10:00',
            ends_at: '2026-11-14T12:00',
            ...HARRY,
          },
          {
            kind: 'tryout',
            age_groups: ['17U Boys'],
            starts_at: '2026-08-18T20:00',
            ends_at: '2026-08-18T21:30',
            ...HARRY,
          },
          {
            kind: 'open-gym',
            age_groups: ['15U Boys'],
            starts_at: '2026-08-11T18:00',
            ends_at: '2026-08-11T20:00',
            ...HARRY,
          },
        ],
      },
    });
    const player = await registeredPlayer('cash');

    // Act
    const res = await call('getMyCalendar', { token: player.token });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const events = eventsOf(res.text);
    expect(events.map(({ start, end }) => ({ start, end }))).toEqual([
      // 18:00 in Edmonton in August is 00:00 UTC the next day (UTC−6); 10:00 in November is 17:00 UTC (UTC−7).
      { start: '2026-08-19T00:00:00.000Z', end: '2026-08-19T01:30:00.000Z' },
      { start: '2026-11-14T17:00:00.000Z', end: '2026-11-14T19:00:00.000Z' },
    ]);
    expect(events[0]).toMatchObject({
      summary: `15U Boys tryout (#${player.tryoutNumber})`,
      location: 'Harry Ainlay gym, 4350 111 St NW, Edmonton',
    });
    expect(events[0]!.description).toContain('check in 20 minutes before the start');
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });

  it('shows each session at its Edmonton time on a phone: summer, winter and both change-over days', async () => {
    // Prepare: 10:00 sessions on a summer day, a winter day, and the days clocks go forward (8 March 2026)
    // and back (1 November 2026), and an evening session
    const admin = await createAdmin();
    const season = await openSeason();
    const at = (day: string, start: string, end: string) => ({
      kind: 'tryout' as const,
      age_groups: ['15U Boys' as const],
      starts_at: `${day}T${start}`,
      ends_at: `${day}T${end}`,
      ...HARRY,
    });
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: {
        sessions: [
          at('2026-08-22', '10:00', '12:00'),
          at('2027-01-16', '10:00', '12:00'),
          at('2026-03-08', '10:00', '11:30'),
          at('2026-11-01', '10:00', '11:30'),
          at('2026-11-01', '18:30', '20:00'),
        ],
      },
    });
    const player = await registeredPlayer('cash');

    // Act
    const res = await call('getMyCalendar', { token: player.token });

    // Assess: what the family's phone shows is what the club set
    expect(phoneView(res.text).sort()).toEqual([
      '2026-03-08 10:00 to 2026-03-08 11:30',
      '2026-08-22 10:00 to 2026-08-22 12:00',
      '2026-11-01 10:00 to 2026-11-01 11:30',
      '2026-11-01 18:30 to 2026-11-01 20:00',
      '2027-01-16 10:00 to 2027-01-16 12:00',
    ]);
    // No floating times: each DTSTART names UTC or a zone the file defines
    for (const line of res.text.split('\r\n').filter((l) => l.startsWith('DTSTART'))) {
      expect(line).toMatch(/^DTSTART(:\d{8}T\d{6}Z|;TZID=America\/Edmonton:\d{8}T\d{6})$/);
    }
  });

  it('answers an empty calendar while the club has set no sessions', async () => {
    await openSeason();
    const player = await registeredPlayer('cash');

    const res = await call('getMyCalendar', { token: player.token });

    expect(res.status).toBe(200);
    expect(eventsOf(res.text)).toEqual([]);
  });

  it('answers 404 to a player who has not registered', async () => {
    await openSeason();
    const player = await createPlayer();

    const res = await call('getMyCalendar', { token: player.token });

    expect(res).toMatchObject({
      status: 404,
      body: { message: 'You are not registered for the current season.' },
    });
  });
});
