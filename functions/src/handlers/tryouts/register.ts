import { defineHandler, reply } from '../http';
import { NumberFollowsError, registerForTryout } from '../../services/registration/register';

/**
 * POST /tryouts/register: the new registration, and for a card payment the checkout URL to go to. 202 when
 * it is written but its tryout number follows (a night busier than the table, issue 43): the family is told
 * so and finds the number, and a card's Pay now, on the dashboard.
 */
export const handler = defineHandler('registerTryout', async (req) => {
  try {
    return reply.created(await registerForTryout(req.user, req.body));
  } catch (error) {
    if (!(error instanceof NumberFollowsError)) throw error;
    return reply.accepted({ number_follows: true as const, message: error.message });
  }
});
