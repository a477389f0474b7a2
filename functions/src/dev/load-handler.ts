/** Loads a route's handler module the way the Lambda bundle's entry would (local server and tests). */
import type { RouteDefinition } from '@club/shared';
import type { LambdaHandler } from '../handlers/http';

export async function loadHandler(route: RouteDefinition): Promise<LambdaHandler> {
  const file = `../handlers/${route.handler}.ts`;
  const mod = (await import(/* @vite-ignore */ file)) as { handler?: LambdaHandler };
  if (!mod.handler) throw new Error(`No handler exported from functions/src/handlers/${route.handler}.ts`);
  return mod.handler;
}
