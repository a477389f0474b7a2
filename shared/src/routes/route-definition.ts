/**
 * What a row of the route table (routes.ts) is: its method, path, access, handler, table access, schemas by
 * name and answer type. Every area's file (routes/<area>.ts) writes its rows with these.
 */
import type { GenericSchema } from 'valibot';
import type * as Schemas from '../all-schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user, a signed-in player (an administrator is refused: the
 * tryout screens are the players', spec §2), an administrator (re-checked against the table), or Stripe
 * (signature checked on the raw body). Tryout night (issue 37): `check-in` is a helper holding that job for
 * the path's `{seasonId}` now, or an administrator; `evaluator` is a helper holding that job for it (scores
 * are a person's own, so an administrator scores by inviting themselves). `coach` (issue 45) is a helper
 * holding that job for the team the path's `{teamId}` names, and only that team. Grants are read from the
 * table on every request, like the admin flag.
 */
export type Access =
  'public' | 'user' | 'player' | 'admin' | 'check-in' | 'evaluator' | 'coach' | 'stripe-signature';

/**
 * What a route does to the table: `read` (GetItem, Query, BatchGetItem) or `write` (reads plus Put, Update,
 * Delete and transactions). Each function's IAM role grants exactly this, so a read-only endpoint cannot
 * change or delete an item even if its code were subverted. A route that counts rate-limit attempts writes.
 */
export type TableAccess = 'read' | 'write';

type SchemaExports = typeof Schemas;

/** The name of a valibot schema that schemas.ts exports. */
export type SchemaName = {
  [K in keyof SchemaExports]: SchemaExports[K] extends GenericSchema ? K : never;
}[keyof SchemaExports];

/** A 2xx answer's type, carried by a row for the compiler (at run time an empty object). */
export interface Answer<TAnswer> {
  readonly __answer?: (answer: TAnswer) => TAnswer;
}

/** `answer: answer<AdminSeason>()`: the row's handler must answer this, and its web call resolves to it. */
export function answer<TAnswer>(): Answer<TAnswer> {
  return {};
}

/** A download: the body is the file itself (a CSV), not JSON. */
export type FileAnswer = string & { readonly __file?: true };

/** The queues a route can put work on; each has one worker (functions/src/deploy-facts.ts queueWorkers). */
export type QueueName = 'resultMail' | 'familyMail';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly handler: string;
  readonly table: TableAccess;
  /** The schema of the `{param}`s of the path (an object with one entry per param). */
  readonly params?: SchemaName;
  /** The schema of the query string (an object of strings). */
  readonly query?: SchemaName;
  /** The schema of the JSON body. */
  readonly body?: SchemaName;
  /**
   * The body is a CSV file (text/csv), read as text, not JSON (issue 46: the bank's e-Transfer export); a
   * file over the request limit is refused with a message that says so.
   */
  readonly csvBody?: true;
  /**
   * Works through a whole file's lines in one request (the bank's e-Transfer import): its function may run
   * up to just under API Gateway's 29 s instead of the table's few seconds.
   */
  readonly bulkImport?: true;
  readonly answer: object;
  /** Sets or reads the refresh cookie: POST only, and refused from foreign origins. */
  readonly cookie?: boolean;
  /** Sends mail through SES: only these functions are granted ses:SendEmail. */
  readonly mail?: boolean;
  /** Talks to Stripe: only these functions may read the stage's Stripe secret. */
  readonly payments?: boolean;
  /** Puts work on that queue (its worker drains it): only these functions may send to it. */
  readonly queue?: QueueName;
}
