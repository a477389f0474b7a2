/**
 * A process that deletes one account and stops dead half-way, for the crash tests: it runs the real deletion
 * (services/account-deletion.ts) against the test file's table, and once the deletion has written `afterWrites`
 * anonymized registrations it says "paused" and hangs, for the test to kill it with SIGKILL, as Lambda's
 * timeout or a lost machine would. Configured by the parent's environment (the same table and emulators).
 */
import { db } from '../../src/db/client';
import { getUser } from '../../src/db/users';
import { eraseAccount } from '../../src/services/account-deletion';

const [userId, afterWrites] = [process.argv[2]!, Number(process.argv[3])];
let anonymized = 0;
db().middlewareStack.add(
  (next) => async (args) => {
    const result = await next(args);
    const input = args.input as { UpdateExpression?: string };
    if (input.UpdateExpression?.includes('anonymized_at')) {
      anonymized += 1;
      if (anonymized >= afterWrites) {
        process.stdout.write('paused\n');
        await new Promise(() => undefined);
      }
    }
    return result;
  },
  { step: 'initialize', name: 'pauseHalfWay' },
);

const user = await getUser(userId);
if (!user) throw new Error('no such account');
await eraseAccount(user, new Date(), 'member');
process.stdout.write('finished\n');
