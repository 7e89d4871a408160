/**
 * eslint-plugin-app-assignment: a flat-config plugin.
 *
 *   import appAssignment from 'eslint-plugin-app-assignment';
 *   export default [appAssignment.configs.recommended];
 *
 * `recommended` and `recommendedTypeChecked` name the JavaScript and TypeScript files and parse them (./parser.ts),
 * so that a TypeScript project is linted as pasted. Each config is one object, typed with the few fields that ESLint's
 * `Linter.Config` and `defineConfig` and typescript-eslint's config types all accept, so no copy of
 * `@typescript-eslint/utils` decides what compiles.
 */
import { createRequire } from 'node:module';
import directoryTokenAssign from './rules/directory-token-assign.js';
import noDeprecatedAssign from './rules/no-deprecated-assign.js';
import noNumericAppId from './rules/no-numeric-app-id.js';
import noMalformedReportField from './rules/no-malformed-report-field.js';
import validReportQuery from './rules/valid-report-query.js';
import { type CompatibleParser, SOURCE_FILES, sourceParser } from './parser.js';

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

type Severity = 'error' | 'warn' | 'off';
/** A rule's setting: a severity, or a severity and the rule's options. */
export type RuleEntry = Severity | [Severity, ...unknown[]];
type Rules = Record<string, RuleEntry>;

/** The plugin as a config's `plugins` names it (the fields every config type agrees on). */
export type CompatiblePlugin = { meta: { name: string; version: string; namespace: string } };

/** One flat config object of the plugin. */
export type Config = {
  name: string;
  files?: string[];
  plugins?: Record<string, CompatiblePlugin>;
  languageOptions?: { parser: CompatibleParser };
  rules?: Rules;
};

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

type Configs = {
  /** The rules that need no type information, on JavaScript and TypeScript files. */
  recommended: Config;
  /** The recommended rules and those that read types, on JavaScript and TypeScript files. */
  recommendedTypeChecked: Config;
  /** Opt-in, to spread beside `files`: `{ files: ['src/admin/**'], ...configs['directory-token'] }`. */
  'directory-token': Config;
  /** Opt-in for test files, to spread beside `files`. */
  testing: Config;
};

export type Plugin = {
  meta: { name: string; version: string; namespace: string };
  rules: typeof rules;
  configs: Configs;
};

const plugin: Plugin = {
  meta: { name, version, namespace: 'app-assignment' },
  rules,
  configs: {} as Configs,
};

const configOf = (configName: string, configRules: Rules): Config => ({
  name: `app-assignment/${configName}`,
  plugins: { 'app-assignment': plugin },
  rules: configRules,
});

/**
 * The recommended configs also say which files to lint and how to parse them: without `files` ESLint lints only
 * JavaScript, and without a parser it cannot read TypeScript, so `[appAssignment.configs.recommended]` alone skipped
 * every TypeScript file. Only the parser is set: the user's `parserOptions` (a `projectService`) still apply.
 */
const parser = sourceParser(version);
const withSources = (config: Config): Config => ({ ...config, files: SOURCE_FILES, languageOptions: { parser } });

plugin.configs.recommended = withSources(configOf('recommended', recommendedRules));
plugin.configs.recommendedTypeChecked = withSources(configOf('recommended-type-checked', recommendedTypeCheckedRules));
plugin.configs['directory-token'] = configOf('directory-token', directoryTokenRules);
plugin.configs.testing = configOf('testing', testingRules);

export default plugin;
