/**
 * The largest request body the API reads (bytes, as sent): larger is refused with 413 before parsing. Read by
 * the API and by the phones that batch what they send (a batch of scores is cut to fit it). A module of its
 * own, not constants.ts, which the public pages' first chunk carries with every constant any page reads.
 */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
