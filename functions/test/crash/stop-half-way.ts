/**
 * A process that runs one real operation against the test file's table and stops dead half-way, for the crash
 * tests (issue 34): once the write named by the scenario has gone through, it says "paused" and hangs, for
 * the test to kill it with SIGKILL, as Lambda's timeout or a lost machine would. Configured by the parent's
 * environment (the same table and emulators).
 *
 *   stop-half-way.ts delete-account <userId> <after N registrations cleared>
 *   stop-half-way.ts refund <tryoutId> <adminId> <amount cents> <idempotency key>   (after the reservation)
 *   stop-half-way.ts walk-up <seasonId> <helperId> <body JSON> <account|child|registration>   (after that write)
 */
import { db } from '../../src/db/platform/client';
import { getUser } from '../../src/db/accounts/users';
import { eraseAccount } from '../../src/services/privacy/account-deletion';
import { refundTryout } from '../../src/services/money/refunds';
import { registerWalkUp } from '../../src/services/tryout-night/walk-ups';

const [scenario, ...args] = process.argv.slice(2);

/** Hangs once `stopAfter` has said yes to as many writes as it asks for. */
function stopAfter(isTheWrite: (input: Record<string, unknown>) => boolean, count = 1) {
  let seen = 0;
  db().middlewareStack.add(
    (next) => async (call) => {
      const result = await next(call);
      if (isTheWrite(call.input as Record<string, unknown>) && ++seen >= count) {
        process.stdout.write('paused\n');
        await new Promise(() => undefined);
      }
      return result;
    },
    { step: 'initialize', name: 'stopHalfWay' },
  );
}

if (scenario === 'delete-account') {
  const [userId, afterWrites] = [args[0]!, Number(args[1])];
  stopAfter((input) => String(input.UpdateExpression ?? '').includes('anonymized_at'), afterWrites);
  const user = await getUser(userId);
  if (!user) throw new Error('no such account');
  await eraseAccount(user, new Date(), 'member');
} else if (scenario === 'refund') {
  const [tryoutId, adminId, amount, key] = args as [string, string, string, string];
  stopAfter((input) => JSON.stringify(input.TransactItems ?? '').includes('ADD refund_reserved_cents'));
  await refundTryout(
    tryoutId,
    { amount_cents: Number(amount), reason: 'Withdrew before tryouts', idempotency_key: key },
    { sub: adminId, first_name: 'Morgan', last_name: 'Admin', email: 'admin@example.test', is_admin: true },
  );
} else if (scenario === 'walk-up') {
  const [seasonId, helperId, body, write] = args as [string, string, string, string];
  // The item type each write puts: the account (with its address), the child, the registration.
  const types: Record<string, string> = {
    account: 'email-claim',
    child: 'household-athlete',
    registration: 'tryout',
  };
  stopAfter((input) => JSON.stringify(input.TransactItems ?? '').includes(`"type":"${types[write]}"`));
  await registerWalkUp(
    { userId: helperId, name: 'Casey Door', age_groups: [], admin: false },
    seasonId,
    JSON.parse(body),
  );
} else {
  throw new Error(`unknown scenario ${scenario}`);
}
process.stdout.write('finished\n');
