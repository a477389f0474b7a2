import { serverMessages } from '@club/shared';
import { defineHandler } from '../http';
import { deleteAccount } from '../../services/privacy/account-deletion';

/** DELETE /account {password}: deletes the caller's account (issue 19). */
export const handler = defineHandler('deleteAccount', async (req) => {
  await deleteAccount(req.user, req.body);
  return { success: true as const, message: serverMessages.accountDeleted };
});
