/**
 * SES permissions follow the route table's `mail` flag. The real table may have no mail rows yet, so this
 * builds its own table (every row pointing at an existing handler) with one row of each kind.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteRow } from '../lib/stacks/api-stack';
import { logicalId, type Synthesised, synthStage } from './support';

const HANDLER = 'seasons/get-active';
const ROUTES: RouteRow[] = [
  {
    name: 'quiet',
    method: 'GET',
    path: '/quiet',
    access: 'public',
    handler: HANDLER,
    table: 'read',
    answer: {},
  },
  {
    name: 'mailer',
    method: 'POST',
    path: '/mailer/{id}',
    access: 'admin',
    handler: HANDLER,
    table: 'write',
    answer: {},
    mail: true,
  },
];

type Statement = { Action: string | string[]; Resource: unknown };

describe('SES permissions', () => {
  let synthesised: Synthesised;
  let statementsOf: (name: string) => Statement[];

  beforeAll(() => {
    synthesised = synthStage({ stage: 'dev', routes: ROUTES });
    const policies = synthesised.templates.api.findResources('AWS::IAM::Policy');
    statementsOf = (name) => {
      const roleId = logicalId(synthesised.stacks.api.functions.get(name)!.function.role!);
      const policy = Object.values(policies).find(
        (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
      );
      if (!policy) throw new Error(`no policy for ${name}'s role`);
      return policy.Properties.PolicyDocument.Statement as Statement[];
    };
  });

  it('gives a mail: true function ses:SendEmail on the identity and configuration set only', () => {
    const ses = statementsOf('mailer').filter((s) => JSON.stringify(s.Action).includes('ses:'));

    expect(ses).toHaveLength(1);
    expect([ses[0]!.Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    const resources = JSON.stringify(ses[0]!.Resource);
    expect(resources).toContain(':identity/');
    expect(resources).toContain(':configuration-set/');
    expect(resources).toContain('club-dev-mail');
    expect(resources).not.toContain('"*"');
  });

  it('gives a function without mail no SES action at all', () => {
    expect(JSON.stringify(statementsOf('quiet'))).not.toContain('ses:');
  });

  it('routes the test table’s rows, path parameters included', () => {
    const template: Template = synthesised.templates.api;
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 2);
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/mailer/{id}' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/quiet',
      // The origin authorizer only; who may call it is checked in the handler, from the route table.
      AuthorizationType: 'CUSTOM',
    });
  });
});
