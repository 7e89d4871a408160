/**
 * eslint-plugin-app-assignment: a flat-config plugin.
 *
 *   import appAssignment from 'eslint-plugin-app-assignment';
 *   export default [appAssignment.configs.recommended];
 */
import { createRequire } from 'node:module';
import type { TSESLint } from '@typescript-eslint/utils';
import noDeprecatedAssign from './rules/no-deprecated-assign.js';
import noMalformedReportField from './rules/no-malformed-report-field.js';
import validReportQuery from './rules/valid-report-query.js';

export type { RuleOptions as NoDeprecatedAssignOptions } from './rules/no-deprecated-assign.js';

const { name, version } = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

const rules = {
  'no-deprecated-assign': noDeprecatedAssign,
  'valid-report-query': validReportQuery,
  'no-malformed-report-field': noMalformedReportField,
};

interface Plugin {
  meta: { name: string; version: string; namespace: string };
  rules: typeof rules;
  configs: { recommended: TSESLint.FlatConfig.Config };
}

const plugin: Plugin = {
  meta: { name, version, namespace: 'app-assignment' },
  rules,
  configs: { recommended: {} },
};

plugin.configs.recommended = {
  name: 'app-assignment/recommended',
  plugins: { 'app-assignment': plugin as unknown as TSESLint.FlatConfig.Plugin },
  rules: {
    'app-assignment/no-deprecated-assign': 'error',
    'app-assignment/valid-report-query': 'error',
    'app-assignment/no-malformed-report-field': 'error',
  },
};

export default plugin;
