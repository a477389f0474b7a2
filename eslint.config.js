import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.local/**', '**/.bench/**', '**/cdk.out/**'] },
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
        ['window', 'document', 'setTimeout', 'requestAnimationFrame', 'PerformanceObserver'].map((name) => [
          name,
          'readonly',
        ]),
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
  // functions: handlers → services → db/mail/payments, never back.
  {
    files: ['functions/src/{db,mail,payments,queue,lib}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/handlers/*', '**/services/*'] }],
    },
  },
  {
    files: ['functions/src/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/handlers/*'] }] },
  },
  // web: components/lib → features → routes/app.
  {
    files: ['web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/*', '**/routes/*', '**/app/*'] }],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/routes/*', '**/app/*'] }] },
  },
  // Command-line scripts talk to the operator on stdout.
  { files: ['scripts/**/*.ts', 'infra/bin/**/*.ts'], rules: { 'no-console': 'off' } },
);
