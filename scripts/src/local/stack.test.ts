import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { localConfig } from './config';
import { writeSampleRegistrations } from './sample-registrations';
import { freeStackPorts, startStack, type StackOptions } from './stack';

async function options(dataDir: string): Promise<StackOptions> {
  return {
    ...localConfig(),
    ...(await freeStackPorts()),
    dataDir,
    tableName: 'club-stack-test',
  };
}

describe('the local stack', () => {
  // One set of ports for every start in this file, like restarts of `npm start`: the handlers' clients and
  // configuration live for the process, as in a warm Lambda.
  let opts: StackOptions;
  beforeAll(async () => {
    opts = await options(mkdtempSync(join(tmpdir(), 'club-stack-')));
  });

  it('keeps what was stored across a restart, and seeds only once', { timeout: 90_000 }, async () => {
    process.env.LOG_LEVEL = 'silent';

    const first = await startStack(opts);
    const before = await (await fetch(`${first.siteUrl}/api/seasons/active`)).json();
    await first.stop();
    const second = await startStack(opts);
    const after = await (await fetch(`${second.apiUrl}/api/seasons/active`)).json();
    await second.stop();

    expect(first.seeded.season).toEqual({ name: 'Fall 2025 Tryouts', created: true });
    expect(second.seeded.season).toEqual({ name: 'Fall 2025 Tryouts', created: false });
    expect(after).toEqual(before);
  });

  it('runs the Stripe stand-in and points the payment functions at it', { timeout: 60_000 }, async () => {
    process.env.LOG_LEVEL = 'silent';
    const stack = await startStack(opts);
    try {
      // Configured as the payment functions configure the SDK from STRIPE_API_BASE.
      const base = new URL(process.env.STRIPE_API_BASE ?? '');
      const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? '', {
        host: base.hostname,
        port: base.port,
        protocol: 'http',
      });

      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'cad', unit_amount: 5000, product_data: { name: 'Tryout registration' } },
          },
        ],
      });
      const page = await (await fetch(session.url ?? '')).text();

      expect(stack.stripeUrl).toBe(`http://localhost:${opts.stripePort}`);
      expect(process.env.STRIPE_API_BASE).toBe(stack.stripeUrl);
      expect(process.env.STRIPE_SECRET_KEY).toBe('sk_test_standin');
      expect(process.env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
      expect(page).toContain('Pay $50.00');
    } finally {
      await stack.stop();
    }
  });

  it(
    'runs the SQS emulator and the result-mail worker: a sent result arrives in the inbox',
    { timeout: 90_000 },
    async () => {
      process.env.LOG_LEVEL = 'silent';
      const stack = await startStack(opts);
      try {
        const { adminEmail, adminPassword } = localConfig();
        const login = await fetch(`${stack.apiUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: stack.siteUrl },
          body: JSON.stringify({ email: adminEmail, password: adminPassword }),
        });
        const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
        const season = (await (
          await fetch(`${stack.apiUrl}/api/admin/seasons`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Queue check' }),
          })
        ).json()) as { id: string };
        const [row] = await writeSampleRegistrations(season.id, 1, { result: 'selected' });

        const sent = await fetch(`${stack.apiUrl}/api/admin/tryouts/${season.id}/send-results`, {
          method: 'POST',
          headers: auth,
        });
        let subjects: string[] = [];
        for (let i = 0; i < 100 && !subjects.length; i++) {
          await new Promise((r) => setTimeout(r, 200));
          const { emails } = (await (await fetch(`${stack.mailUrl}/store`)).json()) as {
            emails: Array<{ subject: string; destination: { to: string[] } }>;
          };
          subjects = emails
            .filter((e) => e.destination.to.some((to) => to.includes(row!.email)))
            .map((e) => e.subject);
        }

        expect(stack.queueEndpoint).toBe(`http://127.0.0.1:${opts.queuePort}`);
        expect(sent.status).toBe(200);
        expect(subjects).toEqual(['You made the team: 15U Boys, Queue check']);
      } finally {
        await stack.stop();
      }
    },
  );

  it('with a real Stripe key but no webhook secret, refuses to start with one line saying how to get it', async () => {
    const saved = { key: process.env.STRIPE_SECRET_KEY, secret: process.env.STRIPE_WEBHOOK_SECRET };
    process.env.STRIPE_SECRET_KEY = 'sk_test_51RealKeyFromTheDashboard';
    delete process.env.STRIPE_WEBHOOK_SECRET;
    try {
      const opts = { ...(await options(mkdtempSync(join(tmpdir(), 'club-stack-')))), sitePort: 5173 };

      await expect(startStack(opts)).rejects.toThrow(
        'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: run `stripe listen --forward-to localhost:5173/api/payments/webhook` and export the signing secret (whsec_…) it prints.',
      );
    } finally {
      Object.assign(process.env, { STRIPE_SECRET_KEY: saved.key, STRIPE_WEBHOOK_SECRET: saved.secret });
      if (saved.key === undefined) delete process.env.STRIPE_SECRET_KEY;
      if (saved.secret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
    }
  });

  it('refuses to start on a busy port with one line naming the variable to change', async () => {
    const busy = createServer();
    const port = await new Promise<number>((resolve) =>
      busy.listen(0, '127.0.0.1', () => resolve((busy.address() as { port: number }).port)),
    );
    try {
      const opts = { ...(await options(mkdtempSync(join(tmpdir(), 'club-stack-')))), dynamoPort: port };

      await expect(startStack(opts)).rejects.toThrow(
        `Port ${port} (DynamoDB Local) is already in use. Stop what uses it or set DYNAMODB_PORT.`,
      );
    } finally {
      busy.close();
    }
  });
});
