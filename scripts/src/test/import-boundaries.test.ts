/**
 * The import boundaries are held by `npm run lint` (eslint-plugin-boundaries, eslint.config.js). These run
 * the project's own ESLint configuration on small sources placed in each layer, so a rule that is switched
 * off or loosened fails here, not in review.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `code` as if it were the file at `path` (from the repo root). */
async function crossings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

// ESLint loads the project's configuration and parsers on its first file: seconds on a machine running other
// test files beside this one, so the first probe does not pay it inside its own time.
beforeAll(async () => {
  await eslint.lintText('export const warm = 1;\n', { filePath: `${root}functions/src/lib/warm-up.ts` });
}, 120_000);

describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    [
      'a handler importing the table layer',
      'functions/src/handlers/tryouts/probe.ts',
      "import { keys } from '../../db/platform/keys';",
    ],
    [
      'a handler importing mail',
      'functions/src/handlers/auth/probe.ts',
      "import { sendMail } from '../../mail/ses-sender';",
    ],
    [
      'lib importing the table layer',
      'functions/src/lib/probe.ts',
      "import { keys } from '../db/platform/keys';",
    ],
    [
      'lib importing a service',
      'functions/src/lib/probe.ts',
      "import { login } from '../services/accounts/sign-in-sessions';",
    ],
    [
      'db importing a service',
      'functions/src/db/accounts/probe.ts',
      "import { login } from '../../services/accounts/sign-in-sessions';",
    ],
    [
      'db importing mail',
      'functions/src/db/accounts/probe.ts',
      "import { sendMail } from '../../mail/ses-sender';",
    ],
    [
      'a service importing a handler',
      'functions/src/services/accounts/probe.ts',
      "import { handler } from '../../handlers/auth/login';",
    ],
    [
      'a web feature importing another feature',
      'web/src/features/auth/probe.ts',
      "import { tryoutMessages } from '../tryouts/messages';",
    ],
    [
      'web lib importing a feature',
      'web/src/lib/probe.ts',
      "import { adminMessages } from '../features/admin/messages';",
    ],
    [
      'infra importing an internal of the functions',
      'infra/lib/stacks/probe.ts',
      "import { keys } from '@club/functions/db/platform/keys';",
    ],
    [
      'a web component importing a screen',
      'web/src/components/probe.ts',
      "import { router } from '../app/router';",
    ],
  ])('refuses %s', async (_what, path, code) => {
    expect(await crossings(path, `${code}\nexport const probe = 1;\n`)).toHaveLength(1);
  });

  it.each([
    [
      'a handler importing a service and lib',
      'functions/src/handlers/tryouts/probe.ts',
      "import { getMyTryout } from '../../services/registration/my-registration';\nimport { log } from '../../lib/log';",
    ],
    [
      'a service importing db, mail, payments and queue',
      'functions/src/services/registration/probe.ts',
      "import { keys } from '../../db/platform/keys';\nimport { sendMail } from '../../mail/ses-sender';\nimport { stripeClient } from '../../payments/stripe-client';\nimport { enqueueResultMails } from '../../queue/result-mail-queue';",
    ],
    [
      'db importing db and lib',
      'functions/src/db/registration/probe.ts',
      "import { keys } from '../platform/keys';\nimport { log } from '../../lib/log';",
    ],
    [
      'infra importing the functions’ declared facts',
      'infra/lib/stacks/probe.ts',
      "import { tableDefinition } from '@club/functions/deploy-facts';",
    ],
    [
      'a web feature importing its own files and lib',
      'web/src/features/auth/probe.ts',
      "import { authMessages } from './messages';\nimport { readToken } from '../../lib/session-token';",
    ],
  ])('allows %s', async (_what, path, code) => {
    expect(await crossings(path, `${code}\nexport const probe = 1;\n`)).toEqual([]);
  });
});
