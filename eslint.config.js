// The project lints itself with typescript-eslint's type-aware recommended rules.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    name: 'app-assignment/ignores',
    ignores: ['**/dist/**', '**/node_modules/**', 'fixtures/cases/**', 'fixtures/rules/**', 'fixtures/sample-app/**', 'fixtures/projects/**', 'fixtures/mocks/cases/**', 'fixtures/mocks/projects/**', '.bench/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    name: 'app-assignment/typed',
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.lint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // ESTree node types are compared as the strings they are: espree's trees carry no TypeScript enum.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
    },
  },
  {
    name: 'app-assignment/plain-js',
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
);
