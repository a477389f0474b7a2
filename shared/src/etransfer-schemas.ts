/**
 * The valibot schemas of Interac e-Transfer (issue 46 §2): the season's setting, marking one received by
 * hand, and applying a proposed bank line to a registration.
 */
import * as v from 'valibot';
import { isEmailAddress, normaliseEmail } from './email-address';
import { etransferMessages as m } from './etransfer';
import { tryoutId } from './ids';

/**
 * PATCH /admin/seasons/{id} `etransfer`: on with the club's address, or off (the address may stay, so
 * turning it on again needs no retyping). On without an address is refused.
 */
export const EtransferSettingsSchema = v.pipe(
  v.object({
    enabled: v.boolean(m.addressRequired),
    address: v.nullable(
      v.pipe(
        v.string(m.addressInvalid),
        v.trim(),
        v.maxLength(254, m.addressInvalid),
        v.check((a) => a === '' || isEmailAddress(a), m.addressInvalid),
        v.transform((a) => (a === '' ? null : normaliseEmail(a))),
      ),
    ),
  }),
  v.forward(
    v.check((s) => !s.enabled || s.address !== null, m.addressRequired),
    ['address'],
  ),
);

/** POST /admin/tryouts/{tryoutId}/etransfer-received: the bank's own reference for it, when the admin has one. */
export const EtransferReceivedSchema = v.object({
  bank_reference: v.optional(
    v.pipe(v.string(m.bankReferenceInvalid), v.trim(), v.maxLength(100, m.bankReferenceInvalid)),
  ),
});
export type EtransferReceivedInput = v.InferOutput<typeof EtransferReceivedSchema>;

/** An imported bank line's id: the bank's reference, or sha256 of the line (hex), as the import made it. */
export const EtransferRowIdSchema = v.pipe(
  v.string(m.rowNotFound),
  v.regex(/^[A-Za-z0-9_-]{1,100}$/, m.rowNotFound),
);
export const EtransferRowParamsSchema = v.object({ rowId: EtransferRowIdSchema });

/** POST /admin/payments/etransfer-rows/{rowId}/apply: the registration the admin chose for the line. */
export const EtransferApplySchema = v.object(
  {
    tryout_id: v.pipe(v.string(m.tryoutRequired), v.regex(tryoutId.pattern, m.tryoutRequired)),
  },
  m.tryoutRequired,
);
export type EtransferApplyInput = v.InferOutput<typeof EtransferApplySchema>;
