import { defineHandler } from '../http';
import { cancelOpeningNotice } from '../../services/seasons/opening-notices';

/** DELETE /tryouts/opening-notice: takes the caller off the list. */
export const handler = defineHandler('cancelOpeningNotice', (req) => cancelOpeningNotice(req.user));
