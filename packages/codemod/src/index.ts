/**
 * @app-assignment/codemod: migrate code off POST /platform/v1/apps/{id}/assign.
 * - `migrateText`: one file's text in, migrated text and a report of every call out.
 * - `runMigration`: what the `app-assignment migrate` command does over a tree.
 * - `dist/transform-entry.cjs`: the jscodeshift transform.
 * - `parseFile`: the parser the codemod runs (oxc-parser, else typescript-estree), in the core's parse API.
 */
export { migrateText, type MigrateResult, type Parse, type SiteReason, type SiteReport, SourceSyntaxError } from './migrate.js';
export { loadParser, parseFile, parserInUse, parsesFile, type ParserName, type ParserState, parseWithOxc } from './parse.js';
export { default as transform } from './transform.js';
export { runMigration, type FileReport, type RunOptions, type RunReport } from './run.js';
export { applyEdits, editsBetween, mergePlans, NOBODY, type Plan, type PlanEdit, PlanError, type PlanFile, planOf, planOwners, readPlan } from './plan.js';
export { applyPlan, codeownersKeys } from './phases.js';
