/**
 * eslint-plugin-app-assignment: a flat-config plugin.
 *
 *   import appAssignment from 'eslint-plugin-app-assignment';
 *   export default [appAssignment.configs.recommended];
 */
import { createRequire } from 'node:module';
import type { TSESLint } from '@typescript-eslint/utils';
import directoryTokenAssign from './rules/directory-token-assign.js';
import noDeprecatedAssign from './rules/no-deprecated-assign.js';
import noNumericAppId from './rules/no-numeric-app-id.js';
import noMalformedReportField from './rules/no-malformed-report-field.js';
import validReportQuery from './rules/valid-report-query.js';

export type { RuleOptions as NoDeprecatedAssignOptions } from './rules/no-deprecated-assign.js';
export type { RuleOptions as ValidReportQueryOptions } from './rules/valid-report-query.js';

const { name, version } = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

const rules = {
  'no-deprecated-assign': noDeprecatedAssign,
  'valid-report-query': validReportQuery,
  'no-malformed-report-field': noMalformedReportField,
  'no-numeric-app-id': noNumericAppId,
  'directory-token-assign': directoryTokenAssign,
};

type Rules = Record<string, TSESLint.SharedConfig.RuleEntry>;

/** The rules every project that calls the platform wants: no type information needed. */
const recommendedRules: Rules = {
  'app-assignment/no-deprecated-assign': 'error',
  'app-assignment/valid-report-query': 'error',
  'app-assignment/no-malformed-report-field': 'error',
};

/** The recommended rules and those that need type information (`parserOptions.projectService` or `project`). */
const recommendedTypeCheckedRules: Rules = {
  ...recommendedRules,
  // With type information the assign rule follows imports of the program's own modules, as `app-assignment scan` does;
  // the report rule follows them the same way.
  'app-assignment/no-deprecated-assign': ['error', { followImports: true }],
  'app-assignment/valid-report-query': ['error', { followImports: true }],
  'app-assignment/no-numeric-app-id': 'error',
};

/** For code that calls the platform with a directory token (opt-in: code cannot show which token a call sends). */
const directoryTokenRules: Rules = {
  'app-assignment/directory-token-assign': 'error',
};

/**
 * For test files (opt-in, with `files`): the tests' mocks and assertions of the deprecated request are reported too,
 * so a team sees what its tests will need when the code moves to v3.
 */
const testingRules: Rules = {
  'app-assignment/no-deprecated-assign': ['error', { mocks: true }],
};

type ConfigName = 'recommended' | 'recommendedTypeChecked' | 'directory-token' | 'testing';

interface Plugin {
  meta: { name: string; version: string; namespace: string };
  rules: typeof rules;
  configs: Record<ConfigName, TSESLint.FlatConfig.Config>;
}

const plugin: Plugin = {
  meta: { name, version, namespace: 'app-assignment' },
  rules,
  configs: {} as Plugin['configs'],
};

const configOf = (configName: string, configRules: Rules): TSESLint.FlatConfig.Config => ({
  name: `app-assignment/${configName}`,
  plugins: { 'app-assignment': plugin as unknown as TSESLint.FlatConfig.Plugin },
  rules: configRules,
});

plugin.configs.recommended = configOf('recommended', recommendedRules);
plugin.configs.recommendedTypeChecked = configOf('recommended-type-checked', recommendedTypeCheckedRules);
plugin.configs['directory-token'] = configOf('directory-token', directoryTokenRules);
plugin.configs.testing = configOf('testing', testingRules);

export default plugin;
