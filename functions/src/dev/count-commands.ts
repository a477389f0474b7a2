/**
 * Counts the DynamoDB commands this process's table client sends while `run` runs, by command name: how
 * the tests and the bench see how many calls a request makes (handlers share the client in-process).
 */
import { db } from '../db/platform/client';

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

/**
 * Counts the items DynamoDB answered with while `run` runs (a Query's or Scan's Items, a GetItem's Item, a
 * BatchGet's Responses): what a request read of the table, however many commands it took (issue 43).
 */
export async function countDynamoItems(run: () => Promise<unknown>): Promise<number> {
  let items = 0;
  const name = `count-items-${Math.random()}`;
  db().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = result.output as {
        Items?: unknown[];
        Item?: unknown;
        Responses?: Record<string, unknown[]> | Array<{ Item?: unknown }>;
      };
      items += (output.Items?.length ?? 0) + (output.Item ? 1 : 0);
      // A BatchGet answers by table; a TransactGet answers a list of { Item }.
      if (Array.isArray(output.Responses)) items += output.Responses.filter((r) => r?.Item).length;
      else for (const found of Object.values(output.Responses ?? {})) items += found.length;
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    await run();
  } finally {
    db().middlewareStack.remove(name);
  }
  return items;
}
