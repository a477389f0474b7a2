/**
 * Sample path params and queries for any row of the route table, for tests that call every row (the
 * table-access probe, the access matrix): one sample per parameter, chosen by the schema that parameter has
 * in its row's params or query schema. A row with a new kind of parameter fails here, by name, until its
 * schema gets a line below.
 */
import type { GenericSchema, ObjectEntries } from 'valibot';
import { routes, type RouteDefinition, type RouteName } from './routes';
import * as schemas from './all-schemas';

/** The ids a test has made (an open season with a registration), one per kind of parameter. */
export interface SampleIds {
  readonly seasonId: string;
  readonly tryoutId: string;
  readonly checkoutSessionId: string;
  /** A signed calendar link's key (functions' lib/calendar-link.ts signs one for the registration). */
  readonly calendarKey: string;
  /** An athlete of the caller's household (an account's own athlete has the account's id). */
  readonly athleteId: string;
  /** A household invitation's id (its token's hash); one that is not waiting is answered 404. */
  readonly inviteId?: string;
  /** A helper of the season (issue 37); one not on its list is answered 404. */
  readonly helperId?: string;
  /** An age group of the season (issue 37). */
  readonly ageGroup?: string;
  /** The registration's check-in code (functions' lib/checkin-code.ts signs one). */
  readonly checkinCode?: string;
  /** A team of the season (issue 45); one not in it is answered 404. */
  readonly teamId?: string;
  /** An imported bank line (issue 46); one never imported is answered 404. */
  readonly etransferRowId?: string;
  /** A team fee instalment's number (issue 46); one the offer does not have is answered 404. */
  readonly instalmentN?: string;
}

/** What an optional sample is when a test gives none. */
const DEFAULT_SAMPLES: Partial<Record<keyof SampleIds, string>> = {
  helperId: '00000000-0000-4000-8000-000000000000',
  ageGroup: '15U Boys',
  teamId: '00000000-0000-4000-8000-000000000000.00000000-0000-4000-8000-000000000000',
  etransferRowId: 'never-imported',
  instalmentN: '2',
};

/** Which sample each parameter schema takes. */
const SAMPLE_OF = new Map<GenericSchema, keyof SampleIds>([
  [schemas.SeasonIdSchema, 'seasonId'],
  [schemas.TryoutIdSchema, 'tryoutId'],
  [schemas.CheckoutSessionIdSchema, 'checkoutSessionId'],
  [schemas.CalendarKeySchema, 'calendarKey'],
  [schemas.AthleteIdSchema, 'athleteId'],
  [schemas.InviteIdSchema, 'inviteId'],
  [schemas.HelperIdSchema, 'helperId'],
  [schemas.AgeGroupSchema, 'ageGroup'],
  [schemas.CheckinCodeSchema, 'checkinCode'],
  // An offer's id is `<seasonId>.<playerId>`, the shape of a registration's (issue 45).
  [schemas.OfferIdSchema, 'tryoutId'],
  [schemas.TeamIdSchema, 'teamId'],
  [schemas.EtransferRowIdSchema, 'etransferRowId'],
  [schemas.InstalmentNumberSchema, 'instalmentN'],
]);

function sampleOf(
  name: RouteName,
  schemaName: RouteDefinition['params'],
  ids: SampleIds,
): Record<string, string> | undefined {
  if (!schemaName) return undefined;
  const entries = (schemas[schemaName] as unknown as { entries?: ObjectEntries }).entries ?? {};
  return Object.fromEntries(
    Object.entries(entries)
      // A parameter that may be left out (GET /account/export's format) is left out.
      .filter(([, schema]) => SAMPLE_OF.has(schema) || (schema as { type?: string }).type !== 'optional')
      .map(([key, schema]) => {
        const kind = SAMPLE_OF.get(schema);
        if (!kind)
          throw new Error(`No sample for parameter ${key} of ${name}: add its schema to route-samples.ts`);
        return [key, ids[kind] ?? DEFAULT_SAMPLES[kind] ?? '0'.repeat(64)];
      }),
  );
}

/** The path params and query a call of route `name` needs, filled with the given ids. */
export function sampleRequest(
  name: RouteName,
  ids: SampleIds,
): { params?: Record<string, string>; query?: Record<string, string> } {
  const row: RouteDefinition = routes[name];
  return { params: sampleOf(name, row.params, ids), query: sampleOf(name, row.query, ids) };
}
