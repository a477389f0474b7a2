import { defineHandler } from '../http';
import { getOpeningNoticeStatus } from '../../services/seasons/opening-notices';

/** GET /tryouts/opening-notice: whether the caller is on the "E-mail me when it opens" list. */
export const handler = defineHandler('getOpeningNotice', (req) => getOpeningNoticeStatus(req.user));
