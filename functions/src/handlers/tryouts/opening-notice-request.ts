import { defineHandler } from '../http';
import { requestOpeningNotice } from '../../services/seasons/opening-notices';

/** POST /tryouts/opening-notice: puts the caller on the list mailed when registration opens. */
export const handler = defineHandler('requestOpeningNotice', (req) => requestOpeningNotice(req.user));
