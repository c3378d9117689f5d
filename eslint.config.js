// Lint keeps the design honest: the core stays pure, the UI takes its text from locales/ and its data from
// the core (tldraw bans timers, fetch and literal text the same way).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const impure = [
  { name: 'setTimeout', message: 'core/ is pure: timers are state entries fired by step.' },
  { name: 'setInterval', message: 'core/ is pure: timers are state entries fired by step.' },
  { name: 'fetch', message: 'core/ is pure: emit an http/request effect.' },
  { name: 'WebSocket', message: 'core/ is pure: emit a ws/open effect.' },
  { name: 'performance', message: 'core/ is pure: time arrives on events.' },
  { name: 'localStorage', message: 'core/ is pure.' },
  { name: 'indexedDB', message: 'core/ is pure.' },
  { name: 'window', message: 'core/ has no DOM.' },
  { name: 'document', message: 'core/ has no DOM.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench/results/**', 'build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ['core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', ...impure],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'core/ is pure: use event.at.' },
        { object: 'Math', property: 'random', message: 'core/ is pure: draw from the seeded PRNG in state.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'core/ is pure: use event.at.' },
      ],
    },
  },
  {
    files: ['ui/**/*.tsx', 'ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/[A-Za-z]/]', message: 'User-visible text comes from locales/ through t().' },
        { selector: "CallExpression[callee.name='fetch']", message: 'ui/ renders snapshots; calls belong to the worker.' },
        { selector: "NewExpression[callee.name='WebSocket']", message: 'ui/ renders snapshots; sockets belong to the worker.' },
      ],
    },
  },
);
