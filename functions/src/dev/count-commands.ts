/**
 * Counts the DynamoDB commands this process's table client sends while `run` runs, by command name: how
 * the tests and the bench see how many calls a request makes (handlers share the client in-process).
 */
import { db } from '../db/client';

export async function countDynamoCommands(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const name = `count-commands-${Math.random()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      counts[command] = (counts[command] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await run();
  } finally {
    db().middlewareStack.remove(name);
  }
  return counts;
}
