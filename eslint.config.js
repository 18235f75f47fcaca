// Lint for the whole repository, run by `npm test` (scripts/test.mjs) and `npm run lint`.
// typescript-eslint's strict, type-aware rules; React's hook rules for the web app.
// Import boundaries and cycles are dependency-cruiser's job (.dependency-cruiser.cjs).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      // vitest.config.ts belongs to no tsconfig: the project service gives it a default program
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers and booleans in template strings read naturally (log lines, ids, URLs).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `void promise` is how the code marks a promise deliberately not awaited.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Members as properties (`onClose: () => void`): a method signature lets a callback be passed
      // on unbound, which unbound-method then rightly flags at every use.
      '@typescript-eslint/method-signature-style': ['error', 'property'],
      // `onClick={() => setOpen(false)}` is the ordinary React idiom, not a confusing void.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // React calls an async handler and ignores its promise; the handlers catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // The compiler runs without noUncheckedIndexedAccess, so a read of `record[key]` is typed as
      // always present: this rule would call every guard on a lookup (`?? fallback`) needless.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // `value!` marks a presence the logic guarantees and the compiler cannot see (a Map entry set
      // just before, a regex group that matched); the type checker keeps every other case honest.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Tests read real HTTP answers as JSON and assert on them: the assertions are the type check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'apps/web/e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
