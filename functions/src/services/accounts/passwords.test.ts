import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

async function ms(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * The median of `b`'s time over `a`'s, each pair measured back to back (in turn first): a machine busy with
 * other work slows both of a pair alike, where two medians taken one after the other can see different loads.
 */
async function medianRatio(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  pairs = 15,
): Promise<number> {
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const [first, second] = i % 2 ? [await ms(b), await ms(a)] : [await ms(a), await ms(b)];
    ratios.push(i % 2 ? first / second : second / first);
  }
  return ratios.sort((x, y) => x - y)[Math.floor(pairs / 2)]!;
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
    const unknownOverKnown = await medianRatio(
      () => verifyPassword(hash, 'Wrong!Password123'),
      () => verifyPassword(null, 'Wrong!Password123'),
    );

    // Assess: same order of time (argon2 at 19 MiB takes tens of ms; a skipped check would take ~0)
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(unknownOverKnown).toBeGreaterThan(0.5);
    expect(unknownOverKnown).toBeLessThan(2);
  });
});
