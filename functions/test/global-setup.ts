import type { TestProject } from 'vitest/node';
import { startDynamo, startMail } from '../../scripts/src/local/services';
import { freePort } from '../../scripts/src/local/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    mailEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [dynamoPort, mailPort] = [await freePort(), await freePort()];
  const [dynamo, mail] = await Promise.all([
    startDynamo({ port: dynamoPort }),
    startMail({ port: mailPort }),
  ]);
  project.provide('dynamoEndpoint', dynamo.url);
  project.provide('mailEndpoint', mail.url);
  return async () => {
    await Promise.all([dynamo.stop(), mail.stop()]);
  };
}
