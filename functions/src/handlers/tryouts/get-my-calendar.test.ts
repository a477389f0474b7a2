import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { createAdmin } from '../../../test/admin';
import { createPlayer, openSeason, registeredPlayer } from '../../../test/players';

const HARRY = { location: 'Harry Ainlay gym', address: '4350 111 St NW, Edmonton' };

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
    await call('updateSeason', {
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
