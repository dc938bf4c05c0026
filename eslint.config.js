// Lint: correctness rules only; layout is Prettier's job (`npm run format`).
import js from '@eslint/js'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', 'data/', '.tmp/', '**/.react-router/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, regexp },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      // The classic hook rules; the React Compiler's own rules (set-state-in-effect, …) do not apply: we do not use it.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A cycle means two modules that are really one, or a view that reaches back into its caller.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'preserve-caught-error': 'error',
      // Record text and request headers are a stranger's input: every pattern must run in linear time.
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // The server is full of background work (record refreshes, the relay outbox, image encodes): a promise
    // nobody awaits loses its error, and one handed to a callback that ignores it (Express, timers) too.
    // These rules need the types, so they run with the project's tsconfig, on the server only.
    files: ['server/**/*.{ts,js}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Pages are left by document loads: a client-side navigation would reach a page whose static
    // blocks have no HTML (app/ui/static-block.tsx). The console (app/console) has no static blocks: it navigates as any app.
    files: ['app/**'],
    ignores: ['app/console/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink', 'useNavigate', 'Form'],
              message: 'Pages are left by document loads: use <a href> or <form> (docs/decisions/050-lighter-pages.md, static blocks).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests match our own output, never a stranger's input.
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**'],
    rules: { 'regexp/no-super-linear-backtracking': 'off', 'regexp/no-super-linear-move': 'off' },
  },
  prettier,
)
