/**
 * Issue 46 §2: the family's "e-Transfer received" mail goes through the paced family-mail queue (a large
 * import's mails past SES's rate were refused and lost when sent at once), claimed once per payment, so a
 * retried import or a message delivered twice mails once.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { apiPath, routes, type EtransferImportAnswer } from '@club/shared';
import { toApiGatewayEvent } from '../../dev/api-gateway-event';
import { loadHandler } from '../../dev/load-handler';
import { enqueueFamilyMail } from '../../queue/family-mail-queue';
import { call } from '../../../test/api';
import { bankCsv, etransferFamily, etransferSeason } from '../../../test/etransfers';
import { deliverQueuedFamilyMail } from '../../../test/family-mail';
import { mailsTo } from '../../../test/mailbox';

/** The import's handler called as API Gateway would, the family-mail worker not run yet. */
async function importWithoutWorker(token: string, csv: string) {
  const route = routes.importEtransfers;
  const event = toApiGatewayEvent(
    {
      method: route.method,
      path: apiPath('importEtransfers'),
      query: new URLSearchParams(),
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: csv,
    },
    route,
    {},
  );
  const handler = await loadHandler(route);
  return (await handler(event)) as APIGatewayProxyStructuredResultV2;
}

const receivedMails = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject.startsWith('e-Transfer received'));

describe('the e-Transfer received mail', () => {
  it('is queued by the import, sent by the family-mail worker, and sent once when the import is retried', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const family = await etransferFamily(seasonId, { first_name: 'Noor', last_name: 'Haddad' });
    const csv = bankCsv([{ sender: 'NOOR HADDAD', amount: '$45.00', message: family.reference }]);

    // Act
    const res = await importWithoutWorker(admin.token, csv);
    const beforeWorker = await receivedMails(family.email);
    const handed = await deliverQueuedFamilyMail();
    // A retried import (the admin sends the file again) and the same message delivered twice.
    const retried = await importWithoutWorker(admin.token, csv);
    await enqueueFamilyMail({ kind: 'etransfer_received', season_id: seasonId, player_id: family.id });
    await deliverQueuedFamilyMail();

    // Assess
    expect(res.statusCode).toBe(200);
    expect((JSON.parse(res.body!) as EtransferImportAnswer).matched).toHaveLength(1);
    expect(beforeWorker).toEqual([]);
    expect(handed).toBe(1);
    expect((JSON.parse(retried.body!) as EtransferImportAnswer).already_applied).toHaveLength(1);
    const mails = await receivedMails(family.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^e-Transfer received: .+, #\d+$/);
  });

  it('is queued, not sent at once, when the admin marks an e-Transfer received by hand', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const family = await etransferFamily(seasonId);

    // Act
    const marked = await call('markEtransferReceived', {
      token: admin.token,
      params: { tryoutId: family.tryoutId },
      body: {},
    });
    await enqueueFamilyMail({ kind: 'etransfer_received', season_id: seasonId, player_id: family.id });
    const handedAgain = await deliverQueuedFamilyMail();

    // Assess
    expect(marked.status).toBe(200);
    expect(handedAgain).toBe(1);
    expect(await receivedMails(family.email)).toHaveLength(1);
  });
});
