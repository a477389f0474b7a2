/** The valibot schemas of the treasurer's money view and the household statement (issue 46 §3). */
import * as v from 'valibot';

const YEAR_MESSAGE = 'Choose a year between 2000 and 2100.';

/** GET /households/mine/statement: `?year=YYYY`, this year in Edmonton when left out. */
export const StatementQuerySchema = v.object({
  year: v.optional(
    v.pipe(
      v.string(YEAR_MESSAGE),
      v.regex(/^\d{4}$/, YEAR_MESSAGE),
      v.transform(Number),
      v.minValue(2000, YEAR_MESSAGE),
      v.maxValue(2100, YEAR_MESSAGE),
    ),
  ),
});
export type StatementQuery = v.InferOutput<typeof StatementQuerySchema>;
