import { describe, expect, it } from 'vitest';
import {
  arrivalSchedule,
  checkNight,
  clientAddress,
  familyMix,
  parseNightOptions,
  percentile,
  type CallRecord,
  type ExpectedFamily,
  type NightOutcome,
} from './registration-night-plan';

describe('arrivalSchedule', () => {
  it('brings 40% of 2,000 families in the first minute of ten, and every one within the ten', () => {
    const times = arrivalSchedule(2000, 600_000, 7);
    expect(times).toHaveLength(2000);
    expect(times.filter((t) => t < 60_000)).toHaveLength(800);
    expect(times.every((t) => t >= 0 && t < 600_000)).toBe(true);
  });

  it('spreads the other 60% over the rest of the window, not bunched at its start', () => {
    const times = arrivalSchedule(2000, 600_000, 7);
    // 1,200 over 540 s: about 600 in each half of it, and some in its last minute.
    const firstHalf = times.filter((t) => t >= 60_000 && t < 330_000).length;
    expect(firstHalf).toBeGreaterThan(500);
    expect(firstHalf).toBeLessThan(700);
    expect(times.filter((t) => t >= 540_000).length).toBeGreaterThan(80);
  });

  it('scales the first minute with the window: 500 families over 150 s, 200 in the first 15 s', () => {
    const times = arrivalSchedule(500, 150_000, 1);
    expect(times.filter((t) => t < 15_000)).toHaveLength(200);
    expect(times.every((t) => t < 150_000)).toBe(true);
  });

  it('gives the same times for the same seed, other times for another, earliest first', () => {
    expect(arrivalSchedule(300, 600_000, 43)).toEqual(arrivalSchedule(300, 600_000, 43));
    expect(arrivalSchedule(300, 600_000, 43)).not.toEqual(arrivalSchedule(300, 600_000, 44));
    const times = arrivalSchedule(300, 600_000, 43);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('familyMix', () => {
  it('makes 60% of families card payers and each 1 to 3 children, the same for the same seed', () => {
    const mix = familyMix(2000, 0.6, 43);
    expect(mix.filter((f) => f.card)).toHaveLength(1200);
    expect(new Set(mix.map((f) => f.children))).toEqual(new Set([1, 2, 3]));
    expect(familyMix(2000, 0.6, 43)).toEqual(mix);
  });
});

describe('parseNightOptions', () => {
  it('defaults to 2,000 families over 600 s, 60% by card', () => {
    expect(parseNightOptions(['registration-night'])).toMatchObject({
      families: 2000,
      windowSeconds: 600,
      cardShare: 0.6,
    });
  });

  it('takes the flags in any order', () => {
    expect(
      parseNightOptions(['registration-night', '--window', '30', '--card', '0.5', '--families', '60']),
    ).toMatchObject({ families: 60, windowSeconds: 30, cardShare: 0.5 });
  });

  it('refuses a card share above 1 and a family count below 1', () => {
    expect(() => parseNightOptions(['--card', '1.5'])).toThrow('--card');
    expect(() => parseNightOptions(['--families', '0'])).toThrow('--families');
    expect(parseNightOptions(['--card', '1', '--families', '1'])).toMatchObject({
      cardShare: 1,
      families: 1,
    });
  });
});

describe('clientAddress', () => {
  it('gives each of 2,000 families its own loopback address', () => {
    const addresses = Array.from({ length: 2000 }, (_, i) => clientAddress(i));
    expect(new Set(addresses).size).toBe(2000);
    expect(addresses.every((a) => /^127\.1\.\d{1,3}\.\d{1,3}$/.test(a))).toBe(true);
    expect(addresses.some((a) => a.endsWith('.0') || a.endsWith('.255'))).toBe(false);
  });
});

describe('percentile', () => {
  it('takes the nearest rank: p50 of 1..100 is 50, p99 is 99, p100 is 100', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
  });
});

const families: ExpectedFamily[] = [
  { email: 'a@example.test', childIds: ['a1', 'a2'], card: true },
  { email: 'b@example.test', childIds: ['b1'], card: false },
];

const call = (fields: Partial<CallRecord> = {}): CallRecord => ({
  call: 'POST /tryouts/register',
  phase: 'burst',
  at: 0,
  ms: 100,
  status: 201,
  ...fields,
});

/** A night that went right: three children numbered 1..3, family a paid once, both mailed once. */
function goodNight(): NightOutcome {
  return {
    registrations: [
      { player_id: 'a1', tryout_number: 2, payment_status: 'paid' },
      { player_id: 'a2', tryout_number: 3, payment_status: 'paid' },
      { player_id: 'b1', tryout_number: 1, payment_status: 'cash' },
    ],
    paidCheckouts: [{ email: 'a@example.test' }],
    confirmations: [{ to: 'a@example.test' }, { to: 'b@example.test' }],
    calls: [call(), call({ call: 'POST /auth/login', status: 200 })],
  };
}

const failing = (outcome: NightOutcome) =>
  checkNight(families, outcome)
    .filter((c) => !c.ok)
    .map((c) => `${c.name}: ${c.detail}`);

describe('checkNight', () => {
  it('passes a night where nothing was lost or doubled', () => {
    const checks = checkNight(families, goodNight());
    expect(checks).toHaveLength(6);
    expect(checks.every((c) => c.ok)).toBe(true);
  });

  it('reports a gap in the numbers', () => {
    const night = goodNight();
    night.registrations = night.registrations.map((r) =>
      r.tryout_number === 3 ? { ...r, tryout_number: 4 } : r,
    );
    expect(failing(night)).toEqual(['tryout numbers 1..N with no gap: 3 missing; 4 outside 1..3']);
  });

  it('reports a number given twice, and one not given yet', () => {
    const night = goodNight();
    night.registrations = [
      { player_id: 'a1', tryout_number: 1, payment_status: 'paid' },
      { player_id: 'a2', payment_status: 'paid' },
      { player_id: 'b1', tryout_number: 1, payment_status: 'cash' },
    ];
    expect(failing(night)).toEqual([
      'tryout numbers 1..N with no gap: 1 without a number; number 1 given twice; 2, 3 missing',
    ]);
  });

  it('reports a child registered twice and one not registered', () => {
    const twice = goodNight();
    twice.registrations = [
      ...twice.registrations,
      { player_id: 'b1', tryout_number: 4, payment_status: 'cash' },
    ];
    expect(failing(twice)).toEqual(['every child registered exactly once: 1 registered more than once']);
    const lost = goodNight();
    lost.registrations = lost.registrations.filter((r) => r.player_id !== 'a2');
    expect(failing(lost)).toEqual(['every child registered exactly once: 1 not registered']);
  });

  it('reports a family paid twice, a card family not paid, and a card child not marked paid', () => {
    const twice = goodNight();
    twice.paidCheckouts = [{ email: 'a@example.test' }, { email: 'a@example.test' }];
    expect(failing(twice)).toEqual([
      'every card family paid exactly once: 1 paid more than once (a@example.test)',
    ]);
    const unpaid = goodNight();
    unpaid.paidCheckouts = [];
    unpaid.registrations = unpaid.registrations.map((r) =>
      r.player_id === 'a1' ? { ...r, payment_status: 'pending' } : r,
    );
    expect(failing(unpaid)).toEqual([
      'every card family paid exactly once: 1 card families not paid (a@example.test); 1 card children not marked paid',
    ]);
  });

  it('reports a family never mailed and one mailed twice', () => {
    const missing = goodNight();
    missing.confirmations = [{ to: 'a@example.test' }];
    expect(failing(missing)).toEqual([
      'every family mailed its confirmation exactly once: 1 families not mailed (b@example.test)',
    ]);
    const twice = goodNight();
    twice.confirmations = [...twice.confirmations, { to: 'b@example.test' }];
    expect(failing(twice)).toEqual([
      'every family mailed its confirmation exactly once: 1 mailed more than once (b@example.test)',
    ]);
  });

  it('reports a 5xx and a family told registration is very busy', () => {
    const night = goodNight();
    night.calls = [
      ...night.calls,
      call({
        status: 503,
        message: 'Registration is very busy right now. Please try again in a moment.',
      }),
    ];
    expect(failing(night)).toEqual([
      'no 5xx: 1 answers ≥ 500 (POST /tryouts/register 503)',
      'nobody told "Registration is very busy": 1 told so',
    ]);
  });

  it('takes a 4xx as no 5xx', () => {
    const night = goodNight();
    night.calls = [...night.calls, call({ status: 409, message: 'Already registered.' })];
    expect(failing(night)).toEqual([]);
  });
});

describe('checkNight with a capacity (issue 45)', () => {
  /** Capacity 1 a group: a1 and b1 numbered in their groups, a2 on 15U Boys' waitlist. */
  function fullNight(): NightOutcome {
    return {
      registrations: [
        { player_id: 'a1', tryout_number: 2, payment_status: 'paid', age_group: '15U Boys' },
        { player_id: 'b1', tryout_number: 1, payment_status: 'cash', age_group: '13U Boys' },
      ],
      waitlisted: [{ player_id: 'a2', age_group: '15U Boys' }],
      capacity: 1,
      paidCheckouts: [{ email: 'a@example.test' }],
      confirmations: [{ to: 'a@example.test' }, { to: 'b@example.test' }],
      calls: [call()],
    };
  }

  it('counts a waitlisted child as registered once, with numbers 1..N among the numbered', () => {
    const checks = checkNight(families, fullNight());
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks[0]).toEqual({
      name: 'no age group numbered past its capacity; the rest waitlisted',
      ok: true,
      detail: '15U Boys 1, 13U Boys 1 numbered (capacity 1); 1 waitlisted',
    });
  });

  it('reports a group numbered past its capacity, and one waitlisting with a spot free', () => {
    const over = fullNight();
    over.registrations = [
      ...over.registrations,
      { player_id: 'a2', tryout_number: 3, payment_status: 'paid', age_group: '15U Boys' },
    ];
    over.waitlisted = [];
    expect(failing(over)).toEqual([
      'no age group numbered past its capacity; the rest waitlisted: over: 15U Boys 2',
    ]);
    const early = fullNight();
    early.waitlisted = [{ player_id: 'a2', age_group: '17U Boys' }];
    expect(failing(early)).toEqual([
      'no age group numbered past its capacity; the rest waitlisted: waitlisted with spots free: 17U Boys',
    ]);
  });
});
