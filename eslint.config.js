// Lint: TypeScript's recommended rules, React's hooks rules and accessibility rules for the storefront's JSX.
// Formatting is Prettier's (npm run format); nothing here argues about layout.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'cli/dist', 'tests/artifacts', 'src/data/**', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `import('...').T` names a lazily loaded module's types without loading it.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // A variable assigned once after a closure that reads it is declared before the closure, with `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The latest-value ref (`ref.current = value` during render, read in effects and handlers) is used on purpose,
      // so effects need not re-subscribe on every render.
      'react-hooks/refs': 'off',
      ...jsxA11y.configs.recommended.rules,
      // A control nested in its label is labelled; no id is needed as well.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 4 }],
    },
  },
  {
    // The CLI and the benchmarks talk to a terminal.
    files: ['cli/**/*.{ts,mjs}', 'tests/**/*.{ts,mjs}', 'src/sandbox/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
