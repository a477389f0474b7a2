import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { PASSWORD, sameOrigin, uniqueEmail } from '../../../test/accounts';
import { getUserByEmail } from '../../db/accounts/users';
import { verifyAccessToken } from '../../lib/access-token';
import { ensureSeedAdmin } from './accounts';

describe('the seeded admin account', () => {
  it('is created verified and admin on first start, and left exactly as it is on a restart', async () => {
    // Prepare
    const email = uniqueEmail('Seed-Admin');

    // Act
    const first = await ensureSeedAdmin({ email, password: PASSWORD });
    const stored = await getUserByEmail(email);
    const second = await ensureSeedAdmin({ email, password: 'Different!Pass123' });

    // Assess
    expect(first).toEqual({ email: email.toLowerCase(), created: true });
    expect(second).toEqual({ email: email.toLowerCase(), created: false });
    expect(await getUserByEmail(email)).toEqual(stored);
    const login = await call('login', { body: { email, password: PASSWORD }, headers: sameOrigin });
    expect(login.status).toBe(200);
    expect((await verifyAccessToken(login.body.token as string)).is_admin).toBe(true);
  });
});
