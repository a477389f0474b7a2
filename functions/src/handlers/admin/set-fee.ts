import { defineHandler } from '../http';
import { setTryoutFee } from '../../services/money/registration-fee';

/** PATCH /admin/tryouts/{id}/fee: the club sets an unpaid registration's fee (financial support, issue 36). */
export const handler = defineHandler('setTryoutFee', (req) =>
  setTryoutFee(req.params.id, req.body.amount_cents, req.user),
);
