import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.local/**',
      '**/.bench/**',
      '**/cdk.out/**',
      '**/.tsbuild/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The inline paint-first script is plain browser JavaScript (the prerender step inlines it as it is).
  {
    files: ['web/src/paint-first.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        ['window', 'document', 'setTimeout', 'requestAnimationFrame', 'PerformanceObserver', 'fetch'].map(
          (name) => [name, 'readonly'],
        ),
      ),
    },
  },
  // Imports flow one way: shared imports nothing of the others, so the browser and the functions can both
  // read it without pulling in the other side.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@club/functions*', '@club/web*', '@club/infra*', '@club/scripts*', '../../*'] },
      ],
    },
  },
  // functions: handlers → services → db / mail / payments / queue → lib, never back; held by
  // eslint-plugin-boundaries, so a new crossing fails `npm run lint`. dev/ (the local stack's adapters) may
  // use anything; nothing in the layers may use dev/.
  {
    files: ['functions/src/**/*.ts'],
    // Tests reach into any layer to prepare and check the table; the layers themselves may not.
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['functions/src/**/*.ts'],
      'boundaries/elements': [
        { type: 'handlers', pattern: 'functions/src/handlers/**', partialMatch: false },
        { type: 'services', pattern: 'functions/src/services/**', partialMatch: false },
        { type: 'db', pattern: 'functions/src/db/**', partialMatch: false },
        { type: 'mail', pattern: 'functions/src/mail/**', partialMatch: false },
        { type: 'payments', pattern: 'functions/src/payments/**', partialMatch: false },
        { type: 'queue', pattern: 'functions/src/queue/**', partialMatch: false },
        { type: 'calendar', pattern: 'functions/src/calendar/**', partialMatch: false },
        { type: 'lib', pattern: 'functions/src/lib/**', partialMatch: false },
        { type: 'dev', pattern: 'functions/src/dev/**', partialMatch: false },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'handlers' } },
              allow: { to: { element: { types: { anyOf: ['handlers', 'services', 'lib'] } } } },
            },
            {
              from: { element: { type: 'services' } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ['services', 'db', 'mail', 'payments', 'queue', 'calendar', 'lib'] },
                  },
                },
              },
            },
            {
              from: { element: { type: 'db' } },
              allow: { to: { element: { types: { anyOf: ['db', 'lib'] } } } },
            },
            {
              from: { element: { type: 'mail' } },
              allow: { to: { element: { types: { anyOf: ['mail', 'db', 'lib'] } } } },
            },
            {
              from: { element: { type: 'payments' } },
              allow: { to: { element: { types: { anyOf: ['payments', 'lib'] } } } },
            },
            {
              from: { element: { type: 'queue' } },
              allow: { to: { element: { types: { anyOf: ['queue', 'lib'] } } } },
            },
            {
              from: { element: { type: 'calendar' } },
              allow: { to: { element: { types: { anyOf: ['calendar', 'lib'] } } } },
            },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
            {
              from: { element: { type: 'dev' } },
              allow: {
                to: {
                  element: {
                    types: {
                      anyOf: ['handlers', 'services', 'db', 'mail', 'payments', 'queue', 'lib', 'dev'],
                    },
                  },
                },
              },
            },
          ],
        },
      ],
    },
  },
  // web: components / lib / content → features → routes / app, and no feature imports another feature; held
  // by eslint-plugin-boundaries like the functions' layers.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['web/src/**/*.{ts,tsx}'],
      'boundaries/elements': [
        {
          type: 'web-base',
          pattern: 'web/src/{components,lib,content,assets,styles}/**',
          partialMatch: false,
        },
        { type: 'feature', pattern: 'web/src/features/*/**', partialMatch: false, capture: ['feature'] },
        { type: 'screens', pattern: 'web/src/{routes,app}/**', partialMatch: false },
        { type: 'entry', pattern: 'web/src/*.{ts,tsx}', partialMatch: false },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'web-base' } }, allow: { to: { element: { type: 'web-base' } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'web-base' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } },
                },
              },
            },
            {
              from: { element: { types: { anyOf: ['screens', 'entry'] } } },
              allow: { to: { element: { types: { anyOf: ['web-base', 'feature', 'screens', 'entry'] } } } },
            },
          ],
        },
      ],
    },
  },
  // infra reads the functions through one declared module (handler entries come from the shared route
  // table); their internals are theirs to change.
  {
    files: ['infra/**/*.ts'],
    plugins: { boundaries },
    settings: { 'boundaries/elements': [{ type: 'infra', pattern: 'infra/**', partialMatch: false }] },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true,
          policies: [
            {
              from: { element: { type: 'infra' } },
              disallow: { to: { module: { source: '@club/functions' } } },
            },
            {
              from: { element: { type: 'infra' } },
              allow: { to: { module: { source: '@club/functions', internalPath: 'deploy-facts' } } },
            },
          ],
        },
      ],
    },
  },
  // Command-line scripts talk to the operator on stdout.
  { files: ['scripts/**/*.ts', 'infra/bin/**/*.ts'], rules: { 'no-console': 'off' } },
);
