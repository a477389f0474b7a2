import { defineHandler, reply } from '../http';
import { exportAccount } from '../../services/privacy/account-export';

/** GET /account/export[?format=html]: everything stored about the account and its household, as a file. */
export const handler = defineHandler('exportAccount', async (req) => {
  const file = await exportAccount(req.user, req.query.format);
  return reply.file(file.body, { contentType: file.contentType, filename: file.filename });
});
