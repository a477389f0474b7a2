/**
 * The result-mail queue, its dead-letter queue and the worker, on both stages built from the real route
 * table: SSL-only encrypted queues with a redrive, the event source's batch, concurrency and partial batch
 * failures, the worker's pace, and who may do what with the queue. Synthesised without bundling (only the
 * asset hashes differ); the worker's own bundle is built once below.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '@club/shared';
import { BUNDLE_FILE, bundleLambda, ENTRY_BYTE_BUDGET, handlerEntry } from '../lib/bundling';
import { queueWorkers } from '@club/functions/deploy-facts';
import { STAGES, type StageName } from '../lib/stage-config';
import { logicalId, type Synthesised, synthStage } from './support';

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
type Resource = { Type: string; Properties: Record<string, unknown> };

const built: Partial<Record<StageName, Synthesised>> = {};
beforeAll(() => {
  built.dev = synthStage({ stage: 'dev' });
  built.prod = synthStage({ stage: 'prod' });
});

const actionsOf = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** Every statement of the policies attached to a role. */
function statementsOfRole(synthesised: Synthesised, roleLogicalId: string): Statement[] {
  const policies = Object.values(synthesised.templates.api.findResources('AWS::IAM::Policy')) as Resource[];
  return policies
    .filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleLogicalId }]))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

describe.each(['dev', 'prod'] as const)('%s stage', (name) => {
  const stage = () => built[name]!;
  const queueArn = () =>
    stage().stacks.api.resolve(stage().stacks.api.queueWorkers.get('resultMail')!.queue.queueArn);

  it('has the queue and its dead-letter queue, both encrypted and refusing requests without TLS', () => {
    const { templates, stacks } = stage();
    const { queue, deadLetterQueue } = stacks.api.queueWorkers.get('resultMail')!;

    // Beside the family-mail queue and its dead-letter queue (issue 43) and the SES events' dead-letter queue
    // (monitoring.test.ts).
    const queues = Object.keys(templates.api.findResources('AWS::SQS::Queue'));
    expect(queues).toEqual(expect.arrayContaining([logicalId(queue), logicalId(deadLetterQueue)]));
    expect(queues).toHaveLength(5);
    templates.api.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 360,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(deadLetterQueue), 'Arn'] },
        maxReceiveCount: 5,
      },
    });
    templates.api.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    for (const q of [queue, deadLetterQueue]) {
      templates.api.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: logicalId(q) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 'sqs:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it('feeds the worker batches of 10, two at a time at most, with partial batch failures', () => {
    const { templates, stacks } = stage();

    templates.api.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
    templates.api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: queueArn(),
      FunctionName: { Ref: logicalId(stacks.api.queueWorkers.get('resultMail')!.worker.function) },
      BatchSize: 10,
      ScalingConfig: { MaximumConcurrency: 2 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('builds the family-mail queue from its declaration: a redrive after 20 deliveries, batches of 10 two at a time, paced with the result mails', () => {
    const { templates, stacks } = stage();
    const { queue, deadLetterQueue, worker } = stacks.api.queueWorkers.get('familyMail')!;
    const queueArnOf = stacks.api.resolve(queue.queueArn);

    templates.api.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 360,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(deadLetterQueue), 'Arn'] },
        maxReceiveCount: 20,
      },
    });
    templates.api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: queueArnOf,
      FunctionName: { Ref: logicalId(worker.function) },
      BatchSize: 10,
      ScalingConfig: { MaximumConcurrency: 2 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const fn = (templates.api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[
      logicalId(worker.function)
    ]!;
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(fn.Properties.Handler).toBe('index.handler');
    expect(env.RESULT_MAIL_SEND_RATE).toBe(String(STAGES[name].resultMailRate / 4));
    // A confirmation waiting for its numbers is put back on this queue: its URL, and send to it alone.
    expect(env.FAMILY_MAIL_QUEUE_URL).toEqual({ Ref: logicalId(queue) });
    const sends = statementsOfRole(built[name]!, logicalId(worker.function.role!)).filter((s) =>
      actionsOf(s).includes('sqs:SendMessage'),
    );
    expect(sends.map((s) => s.Resource)).toEqual([queueArnOf]);
  });

  it('gives the result-mail worker no queue to send to: it never puts a message back itself', () => {
    const { stacks } = stage();
    const { worker } = stacks.api.queueWorkers.get('resultMail')!;
    const statements = statementsOfRole(built[name]!, logicalId(worker.function.role!));
    expect(statements.flatMap(actionsOf)).not.toContain('sqs:SendMessage');
  });

  it('runs the worker with the house defaults, paced to a quarter of the stage rate (two workers of two queues at once)', () => {
    const { templates, stacks } = stage();
    const fn = (templates.api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[
      logicalId(stacks.api.queueWorkers.get('resultMail')!.worker.function)
    ]!;
    const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 60,
      Handler: 'index.handler',
      TracingConfig: { Mode: 'Active' },
    });
    expect(Object.keys(env).sort()).toEqual(
      [
        'STAGE',
        'TABLE_NAME',
        'SITE_URL',
        'MAIL_FROM',
        'MAIL_REPLY_TO',
        'SES_CONFIGURATION_SET',
        'RESULT_MAIL_SEND_RATE',
        'NODE_OPTIONS',
      ].sort(),
    );
    // The stage's rate shared by the result-mail and family-mail workers' two batches each (issue 43).
    expect(env.RESULT_MAIL_SEND_RATE).toBe(String(STAGES[name].resultMailRate / 4));
    expect(STAGES[name].resultMailRate).toBe(name === 'prod' ? 14 : 1);
  });

  it('lets only the functions whose row names the queue send to the queue, with sqs:SendMessage alone', () => {
    const synthesised = stage();
    const queueRows = routeList().filter((row) => row.queue === 'resultMail');
    // A send of results and its progress read, and opening registration (its "E-mail me" list, issue 18);
    // offers (issue 45): publishing, and a decline, a rescind or a place given up offering the next alternate.
    expect(queueRows.map((row) => row.name).sort()).toEqual([
      'declineOffer',
      'getSendProgress',
      'publishOffers',
      'rescindOffer',
      'sendResults',
      'setRegistrationStatus',
      'withdrawOffer',
    ]);
    // Every call that can complete a registration queues its confirmation (issue 43).
    expect(
      routeList()
        .filter((row) => row.queue === 'familyMail')
        .map((row) => row.name)
        .sort(),
    ).toEqual([
      // Issue 46: an e-Transfer received, by hand, from the bank's file or a line applied, is mailed paced.
      'applyEtransferRow',
      'confirmPayment',
      // Issue 45: a withdrawal, an account's deletion or a raised capacity holds a freed spot for the next
      // family waiting (its mail), and a team fee paid on return or recorded as cash is confirmed.
      'deleteAccount',
      'importEtransfers',
      'markEtransferReceived',
      'registerTryout',
      'registerWalkUp',
      'setOfferCash',
      'setTryoutFee',
      'startCheckout',
      'startHouseholdCheckout',
      'startOfferCheckout',
      'stripeWebhook',
      'switchMyTryoutToCash',
      'updateHouseholdTryout',
      'updateSeason',
      'withdrawHouseholdTryout',
      'withdrawMyTryout',
    ]);

    for (const row of routeList()) {
      const fn = synthesised.stacks.api.functions.get(row.name)!.function;
      const sqs = statementsOfRole(synthesised, logicalId(fn.role!)).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('sqs:')),
      );
      if (row.queue) {
        expect(sqs, row.name).toHaveLength(1);
        expect(actionsOf(sqs[0]!)).toEqual(['sqs:SendMessage']);
        expect(sqs[0]!.Resource).toEqual(
          synthesised.stacks.api.resolve(synthesised.stacks.api.queueWorkers.get(row.queue)!.queue.queueArn),
        );
      } else {
        expect(sqs, row.name).toEqual([]);
      }
    }
  });

  it('gives the worker its consume actions, table data, and SES for its sender: no sending to queues, no secrets', () => {
    const synthesised = stage();
    const worker = synthesised.stacks.api.queueWorkers.get('resultMail')!.worker;
    const statements = statementsOfRole(synthesised, logicalId(worker.function.role!));
    const sqs = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')));
    const ses = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));

    expect(sqs).toHaveLength(1);
    expect(actionsOf(sqs[0]!).sort()).toEqual(
      [
        'sqs:ChangeMessageVisibility',
        'sqs:DeleteMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:ReceiveMessage',
      ].sort(),
    );
    expect(sqs[0]!.Resource).toEqual(queueArn());
    expect(ses).toHaveLength(1);
    expect(JSON.stringify(ses[0]!.Resource)).toContain(':identity/');
    expect(JSON.stringify(ses[0]!.Resource)).toContain(':configuration-set/');
    expect(JSON.stringify(statements)).not.toContain('secretsmanager:');
    expect(JSON.stringify(statements)).not.toContain('dynamodb:Scan');
  });
});

describe('the worker bundle', () => {
  it(`builds from its handler into an entry under ${ENTRY_BYTE_BUDGET} bytes`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-worker-'));

    const bundle = bundleLambda(handlerEntry(queueWorkers.resultMail.handler), dir);

    expect(bundle.files).toContain(BUNDLE_FILE);
    expect(statSync(join(dir, BUNDLE_FILE)).size).toBeLessThanOrEqual(ENTRY_BYTE_BUDGET);
    expect(bundle.nativeImports).toEqual([]);
  });
});
