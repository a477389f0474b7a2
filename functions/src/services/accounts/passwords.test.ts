import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

async function medianMs(run: () => Promise<unknown>, times = 9): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

describe('password verification', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Correct!Horse9Battery');

    expect(await verifyPassword(hash, 'Correct!Horse9Battery')).toBe(true);
    expect(await verifyPassword(hash, 'Correct!Horse9Batterz')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Correct!Horse9Battery')).toBe(false);
  });

  it('spends a full argon2 verification on an unknown e-mail, so it takes as long as a wrong password', async () => {
    // Prepare
    const hash = await hashPassword('Correct!Horse9Battery');
    await verifyPassword(null, 'warm-up'); // builds the dummy hash once

    // Act
    const known = await medianMs(() => verifyPassword(hash, 'Wrong!Password123'));
    const unknown = await medianMs(() => verifyPassword(null, 'Wrong!Password123'));

    // Assess: same order of time (argon2 at 19 MiB takes tens of ms; a skipped check would take ~0)
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(unknown).toBeGreaterThan(known * 0.5);
    expect(unknown).toBeLessThan(known * 2);
  });
});
