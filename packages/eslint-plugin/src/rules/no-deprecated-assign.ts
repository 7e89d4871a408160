/**
 * `no-deprecated-assign`: reports every call the core recognizes as the deprecated
 * `POST /platform/v1/apps/{id}/assign`, with the rewrite to `POST /v3/apps/app_assignments` as a suggestion (or a
 * fix, with `autofix`) where the core has an exact plan, one suggestion per choice where a person must choose, and
 * the reason in plain words where there is no rewrite.
 *
 * With `mocks: true` (the `testing` config) it also reports the tests' mocks and assertions of the request, which core
 * recognizes and plans too: their rewrite is a suggestion, since one file cannot show whether every call a mock
 * stands for is migrated (`app-assignment migrate` decides that over the whole project).
 *
 * The rule only adapts the core analysis to ESLint; it decides nothing of its own.
 */
import {
  analyzeCall,
  analyzeRequestObject,
  type AnalysisOptions,
  type ClientConfig,
  DEPRECATED_ASSIGN,
  describeReasons,
  type Finding,
  goesWithWrapper,
  MAX_NESTING_DEPTH,
  mayContainAssignCall,
  mayContainMock,
  type MockFinding,
  keepCallsForMocks,
  nestingDepth,
  OPTIONS_SCHEMA_PROPERTIES,
  planMock,
  recognizeMock,
  type RouteConfig,
  placeOf,
  settleWrappers,
  type TextEdit,
  V3_ASSIGN,
  bodyReaderBeforeTests,
  v3MockBeforeTests,
} from '@app-assignment/core';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { componentUses } from '@app-assignment/core/components';
import { ESLintUtils, type JSONSchema, type TSESLint } from '@typescript-eslint/utils';
import { type TypedProject, type TypedSite, typedProject } from '../typed-project.js';
import { createRule } from '../create-rule.js';
import { sourceContextOf } from '../source-context.js';

export interface RuleOptions {
  /** Apply exact rewrites as fixes (`eslint --fix`), not only as suggestions. */
  autofix?: boolean;
  /** Follow imports of the program's own modules through the type checker (needs type information). */
  followImports?: boolean;
  /** Report the tests' mocks and assertions of the deprecated request too (the `testing` config). */
  mocks?: boolean;
  /** Files larger than this (in bytes of UTF-8) are not analysed: one report at line 1 says so. */
  maxFileBytes?: number;
  builtIn?: 'keep' | 'drop';
  tests?: 'follow' | 'ignore';
  clients?: ClientConfig[];
  routes?: RouteConfig[];
}

export type MessageIds =
  | 'deprecated'
  | 'deprecatedVia'
  | 'deprecatedGroup'
  | 'deprecatedGroupReview'
  | 'deprecatedReview'
  | 'deprecatedChoose'
  | 'deprecatedManual'
  | 'deprecatedMock'
  | 'deprecatedMockManual'
  | 'migrateMock'
  | 'migrate'
  | 'migrateReview'
  | 'migrateWithMode'
  | 'fileTooLarge'
  | 'fileTooDeep';

const DEPRECATED = `${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route} is deprecated`;
const V3 = `${V3_ASSIGN.method} ${V3_ASSIGN.path}`;

/** The length of a text in UTF-8 bytes, as the file on disk holds it (without Node's Buffer: ESLint runs in browsers too). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair: one code point of four bytes
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Why a file is not analysed: over the size cap, or nested deeper than the codemod parses. */
function overLimit(text: string, maxFileBytes: number): { messageId: 'fileTooLarge' | 'fileTooDeep'; data: Record<string, number> } | undefined {
  const bytes = text.length > maxFileBytes / 3 ? utf8Length(text) : text.length;
  if (bytes > maxFileBytes) return { messageId: 'fileTooLarge', data: { bytes, max: maxFileBytes } };
  if (nestingDepth(text, MAX_NESTING_DEPTH) > MAX_NESTING_DEPTH) return { messageId: 'fileTooDeep', data: { depth: nestingDepth(text), max: MAX_NESTING_DEPTH } };
  return undefined;
}

/** The size above which a file is not analysed: that of the codemod, which skips such files too. */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

export default createRule<[RuleOptions], MessageIds>({
  name: 'no-deprecated-assign',
  meta: {
    type: 'problem',
    docs: {
      description: `Disallow the deprecated ${DEPRECATED_ASSIGN.route} operation; migrate to ${V3}`,
    },
    fixable: 'code',
    hasSuggestions: true,
    messages: {
      deprecated: `${DEPRECATED}: use ${V3}.`,
      deprecatedVia: `${DEPRECATED}: this call sends it through the call {{via}}; \`app-assignment migrate\` migrates them together.`,
      deprecatedGroup: `${DEPRECATED}: use ${V3}. Its exact rewrite changes several files, which must change together: run \`app-assignment migrate {{files}}\`.{{callers}}`,
      deprecatedGroupReview: `${DEPRECATED}: use ${V3}. Its rewrite changes several files, which must change together: run \`app-assignment migrate {{files}}\`, then review: {{reasons}}.{{callers}}`,
      deprecatedReview: `${DEPRECATED}: use ${V3}. The rewrite needs a review: {{reasons}}.`,
      deprecatedChoose: `${DEPRECATED}: use ${V3}. Choose the rewrite: {{reasons}}.`,
      deprecatedManual: `${DEPRECATED}: use ${V3}. It cannot be migrated automatically: {{reasons}}.`,
      deprecatedMock: `This mock describes ${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route}, which is deprecated: move it to ${V3} together with the calls it stands for.`,
      deprecatedMockManual: `This mock describes ${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route}, which is deprecated; it cannot be moved to ${V3} automatically: {{reasons}}.`,
      migrateMock: `Point the mock at ${V3} (once the calls it stands for are migrated).`,
      migrate: `Migrate to ${V3}.`,
      migrateReview: `Migrate to ${V3}, then review: {{reasons}}.`,
      migrateWithMode: `Migrate to ${V3} with assignment_mode "{{mode}}".`,
      fileTooLarge: `This file is {{bytes}} bytes, over the {{max}} bytes this rule analyses, and it may call ${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route}: its calls were not analysed. Look at them yourself, or raise the rule's maxFileBytes option.`,
      fileTooDeep: `This file is nested {{depth}} levels deep (brackets, parentheses and braces), more than the {{max}} this rule analyses, and it may call ${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route}: its calls were not analysed. Look at them yourself.`,
    },
    schema: [
      {
        type: 'object',
        properties: {
          autofix: {
            type: 'boolean',
            description:
              'Apply exact rewrites as fixes, so that `eslint --fix` migrates them. Default false: a rewrite changes what the program does at run time, so it is offered as a suggestion.',
          },
          followImports: {
            type: 'boolean',
            description:
              "Follow imports of the program's own modules through the type checker, so that an imported instance, URL builder or wrapper is read as the codemod's project mode reads it (calls of wrappers included), and decide a wrapper with all its callers in the program's files, as `app-assignment migrate` does. Needs type information (`parserOptions.projectService` or `project`); on in `recommendedTypeChecked`.",
          },
          mocks: {
            type: 'boolean',
            description:
              "Report the tests' mocks and assertions of the deprecated request too (msw, nock, axios-mock-adapter, fetch-mock, `toHaveBeenCalledWith` on a mocked client), with their v3 form as a suggestion. Default false: a mock is not a call; on in the `testing` config.",
          },
          maxFileBytes: {
            type: 'integer',
            minimum: 0,
            description:
              'Files larger than this many bytes are not analysed: one report at line 1 says so (only when the file may hold the call). Default 4194304 (4 MiB), the size above which `app-assignment migrate` skips a file too.',
          },
          // The same option shapes as the codemod's --config file, defined once in core.
          ...(OPTIONS_SCHEMA_PROPERTIES as unknown as Record<string, JSONSchema.JSONSchema4>),
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ autofix: false, followImports: false, mocks: false, maxFileBytes: DEFAULT_MAX_FILE_BYTES, builtIn: 'keep', tests: 'follow', clients: [], routes: [] }],
  },
  create(context, [options]) {
    const sourceCode = context.sourceCode;
    const analysis: AnalysisOptions = {
      builtIn: options.builtIn ?? 'keep',
      clients: options.clients ?? [],
      routes: options.routes ?? [],
      ...(options.tests === 'ignore' ? { tests: 'ignore' as const } : {}),
    };
    // Most files cannot hold the call at all: a substring test spares them every other step. Following imports, a file
    // that only calls what another module of the program spells the route in is one too: the checker is asked only then.
    const spells = mayContainAssignCall(sourceCode.text, analysis);
    let project: TypedProject | undefined;
    if (options.followImports === true) {
      const services = ESLintUtils.getParserServices(context);
      if (!spells) {
        project = typedProject(services.program, context.cwd, analysis);
        if (!project.mayReach(context.filename)) return {};
      } else {
        project = typedProject(services.program, context.cwd, analysis);
      }
    } else if (!spells) {
      return {};
    }
    // A file that may hold the call but is too large or too deeply nested for the analysis (its memory, its recursive
    // walks) is reported once, at line 1, and not analysed.
    const limit = overLimit(sourceCode.text, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
    if (limit !== undefined) {
      context.report({ loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } }, ...limit });
      return {};
    }
    const fixesFor = (edits: readonly TextEdit[]) => (fixer: TSESLint.RuleFixer) =>
      edits.map((edit) => fixer.replaceTextRange([edit.range[0], edit.range[1]], edit.text));

    // With the program at hand, the file's sites are those of the whole program settled together: a wrapper is decided
    // with its callers in every file, and this file gets its own part of the group's rewrite.
    const reportSite = (site: TypedSite): void => {
      if (goesWithWrapper(site.finding, site.finding.outcome === 'fix' || site.finding.outcome === 'review')) return;
      const loc = { start: sourceCode.getLocFromIndex(site.range[0]), end: sourceCode.getLocFromIndex(site.range[1]) };
      const { finding } = site;
      const reasons = describeReasons(finding.reasons);
      const edits = site.edits ?? [];
      if (site.spans !== undefined) {
        const files = site.spans.join(' ');
        const callers = site.withCallers === undefined || site.withCallers === 0 ? ''
          : ` It also speaks for ${site.withCallers} call${site.withCallers === 1 ? '' : 's'} of the function that pass${site.withCallers === 1 ? 'es' : ''} neither route nor body.`;
        context.report({ loc, messageId: finding.outcome === 'fix' ? 'deprecatedGroup' : 'deprecatedGroupReview', data: { files, reasons, callers } });
        return;
      }
      switch (finding.outcome) {
        case 'fix':
          // One fix per file carries every exact group's part of it, so that `eslint --fix` migrates the file in one
          // pass; the other sites offer their group's part as a suggestion.
          context.report({
            loc,
            messageId: 'deprecated',
            ...(options.autofix === true && site.fix !== undefined ? { fix: fixesFor(site.fix) } : {}),
            suggest: edits.length > 0 && (options.autofix !== true || site.fix === undefined) ? [{ messageId: 'migrate', fix: fixesFor(edits) }] : [],
          });
          return;
        case 'review':
          context.report({
            loc,
            messageId: 'deprecatedReview',
            data: { reasons },
            suggest: edits.length > 0 ? [{ messageId: 'migrateReview', data: { reasons }, fix: fixesFor(edits) }] : [],
          });
          return;
        case 'choose':
          context.report({
            loc,
            messageId: 'deprecatedChoose',
            data: { reasons },
            suggest: (site.choices ?? []).map((choice) => ({
              messageId: 'migrateWithMode' as const,
              data: { mode: choice.id },
              fix: fixesFor(choice.edits),
            })),
          });
          return;
        case 'manual':
          context.report({ loc, messageId: 'deprecatedManual', data: { reasons } });
          return;
      }
    };

    const ctx = sourceContextOf(sourceCode, analysis, project === undefined ? {} : { file: project.idOf(context.filename), project: project.facts }, context.filename);
    const here = ctx.file;

    // A call through a function of this file may need that function's code changed too, which its other callers share:
    // the findings are settled together (all of them migrated, or none) before any is reported.
    const findings: Finding[] = [];
    const report = (finding: Finding): void => {
        // A call of a wrapper that holds nothing of its own is spoken for by the wrapper's request.
        if (goesWithWrapper(finding, finding.outcome === 'fix' || finding.outcome === 'review')) return;
        const node = finding.call.node;
        const reasons = describeReasons(finding.reasons);
        // A rewrite that edits another file (a wrapper's URL) is the codemod's to make: here it is only reported.
        const elsewhere = [...(finding.edits ?? []), ...(finding.choices ?? []).flatMap((c) => c.edits)].some((edit) => edit.file !== here);
        if (elsewhere) {
          const via = finding.call.via.map((step) => placeOf(step.node, step.ctx)).join(', then ');
          context.report({ node, messageId: 'deprecatedVia', data: { via } });
          return;
        }
        switch (finding.outcome) {
          case 'fix': {
            const fix = fixesFor(finding.edits ?? []);
            if (options.autofix === true) context.report({ node, messageId: 'deprecated', fix });
            else context.report({ node, messageId: 'deprecated', suggest: [{ messageId: 'migrate', fix }] });
            return;
          }
          case 'review':
            context.report({
              node,
              messageId: 'deprecatedReview',
              data: { reasons },
              suggest: [{ messageId: 'migrateReview', data: { reasons }, fix: fixesFor(finding.edits ?? []) }],
            });
            return;
          case 'choose':
            context.report({
              node,
              messageId: 'deprecatedChoose',
              data: { reasons },
              suggest: (finding.choices ?? []).map((choice) => ({
                messageId: 'migrateWithMode' as const,
                data: { mode: choice.id },
                fix: fixesFor(choice.edits),
              })),
            });
            return;
          case 'manual':
            context.report({ node, messageId: 'deprecatedManual', data: { reasons } });
            return;
        }
    };
    const reportMock = ({ mock, outcome, edits, reasons }: MockFinding): void => {
      if (outcome === 'manual') {
        context.report({ node: mock.node, messageId: 'deprecatedMockManual', data: { reasons: describeReasons(reasons) } });
        return;
      }
      context.report({ node: mock.node, messageId: 'deprecatedMock', suggest: [{ messageId: 'migrateMock', fix: fixesFor(edits ?? []) }] });
    };
    return {
      CallExpression(node) {
        const finding = analyzeCall(node, ctx);
        if (finding !== undefined) findings.push(finding);
        else if (options.mocks === true) {
          const mock = recognizeMock(node, ctx);
          if (mock !== undefined) reportMock(planMock(mock, analysis));
        }
      },
      // A `new Request(<the route>, { method: 'POST' })` no call is handed, as `migrate` reports it.
      NewExpression(node) {
        const finding = analyzeRequestObject(node, ctx);
        if (finding !== undefined) findings.push(finding);
      },
      'Program:exit'() {
        if (findings.length === 0) return;
        // A call that goes through no function of the program, in a module that no other module imports, is decided by
        // this file alone; any other may share code with calls in other files (a body typed by another module's type
        // shares that type), and is decided with the whole program.
        const shares = findings.some((finding) => finding.call.via.length > 0 || finding.call.sharedType !== undefined);
        if (project !== undefined && (shares || project.isImported(context.filename))) {
          const sites = project.sitesOf(context.filename, sourceCode.text);
          if (sites !== undefined) {
            sites.forEach(reportSite);
            return;
          }
        }
        findings.sort((a, b) => a.call.node.range[0] - b.call.node.range[0]);
        // In a component, the markup may call a function of the script where the script's scopes do not show it; a call
        // whose mock in this file cannot follow it stays with it, as `migrate` leaves it (no fix, the reason).
        // A mock of the v3 route that the runner's setup files install before this file's tests (read as `migrate` reads
        // them) answers before a rewritten one: the call stays with its mock.
        // So is an override they install that reads the body before the file's handlers (a body read added to one would fail).
        const readsSetup = options.tests !== 'ignore' && mayContainMock(sourceCode.text);
        const show = (file: string) => relative(context.cwd, file);
        const v3Before = readsSetup ? v3MockBeforeTests(resolve(context.filename), readIfAny, show) : undefined;
        const bodyReader = readsSetup ? bodyReaderBeforeTests(resolve(context.filename), readIfAny, show) : undefined;
        keepCallsForMocks(sourceCode.ast, ctx, settleWrappers(findings, componentUses(sourceCode.text, context.filename)), v3Before, bodyReader).forEach(report);
      },
    };
  },
});

function readIfAny(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
