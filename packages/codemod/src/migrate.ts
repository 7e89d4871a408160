/**
 * Migrates one file's text: every call the core can rewrite is rewritten, every other deprecated call gets one
 * `TODO(app-assignment): <reason>` line above its statement. Pure text in, text out; the jscodeshift transform and
 * the CLI both call this, and nothing else in the file changes.
 */
import {
  type AnalysisOptions,
  analyzeProgram,
  type AssignCall,
  applyEdits,
  asCall,
  DEFAULT_ANALYSIS_OPTIONS,
  describeReason,
  describeReasons,
  callersGoingWith,
  type Finding,
  goesWithWrapper,
  keepCallsForMocks,
  mayContainAssignCall,
  mayContainMock,
  mayMentionRequest,
  type MockFinding,
  type Outcome,
  type Reason,
  ReasonCode,
  renderTodo,
  type SourceContext,
  staleGroupTodo,
  type TextEdit,
  type FunctionUses,
  settleWrappers,
  usesInFile,
} from '@app-assignment/core';
import { componentKindOf } from '@app-assignment/core/components';
import { SourceSyntaxError } from '@app-assignment/core/parse';
import { migrateComponent } from './components.js';
import { EditIndex } from './edit-index.js';
import { bodyReaderBefore, holdForMocksElsewhere, type MockElsewhere, v3RouteBefore } from './file-mode-mocks.js';
import { fileMocks } from './mocks.js';
import { parseFile, parsesFile } from './parse.js';
import type { MigrateResult, Parse, SiteReport } from './results.js';

export type { MigrateResult, Parse, SiteReason, SiteReport } from './results.js';

export { SourceSyntaxError };

/** Rewrites what can be rewritten; throws SourceSyntaxError when the text does not parse. */
export function migrateText(
  text: string,
  filename: string,
  options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS,
  parse: Parse = parseFile,
  /** Who calls a function of this file, where the file alone does not show them all (a component's markup). */
  uses: FunctionUses = usesInFile,
  /** Mocks of other files that stand for calls of this one (the CLI's file mode): those calls stay with them. */
  mocksElsewhere?: readonly MockElsewhere[],
): MigrateResult {
  if (componentKindOf(filename) !== undefined) return migrateComponent(text, filename, options, parse, (t, f, o, p, u) => migrateText(t, f, o, p, u, mocksElsewhere));
  // A test may assert the request with a part of its route only (`toContain('/platform/v1/apps/')`).
  if (!mayContainAssignCall(text, options) && !(mayContainMock(text) && mayMentionRequest(text))) return { output: text, changed: false, sites: [], edits: [] };
  const { program, context } = parse(text, filename, options);
  // A call whose mock in this file cannot follow it stays with it (a call and its mocks are one group).
  const v3Before = v3RouteBefore(mocksElsewhere);
  const bodyReader = bodyReaderBefore(mocksElsewhere);
  const findings = holdForMocksElsewhere(keepCallsForMocks(program, context, settleWrappers(analyzeProgram(program, context, { settle: false }), uses), v3Before, bodyReader), mocksElsewhere);
  let result = applyFindings(text, findings, context);
  // A rewrite that does not parse is a bug of this tool; the file keeps its code and every call gets a TODO.
  const allowRewrites = !result.changed || parses(parse, result.output, filename);
  if (!allowRewrites) result = applyFindings(text, findings, context, { allowRewrites: false });
  // Mocks follow the calls: decided once the calls' outcomes are known.
  // A mock of this file that the CLI found standing for calls of other files (a runner's setup file) cannot see them here.
  const mocks = fileMocks(program, context, findings, result.sites, mocksElsewhere?.some((mock) => 'facts' in mock && mock.facts.file === filename) === true, v3Before, bodyReader);
  if (mocks.length === 0) return result;
  const withMocks = applyFindings(text, findings, context, { allowRewrites, mocks });
  if (!withMocks.changed || parses(parse, withMocks.output, filename)) return withMocks;
  return applyFindings(text, findings, context, { allowRewrites, mocks, allowMockRewrites: false });
}

export function parses(parse: Parse, text: string, filename: string): boolean {
  if (parse === parseFile) return parsesFile(text, filename);
  try {
    parse(text, filename);
    return true;
  } catch {
    return false;
  }
}

export interface ApplyOptions {
  /** false: no call is rewritten, every one gets a TODO (the fallback when a rewrite does not parse). */
  readonly allowRewrites?: boolean;
  /** Edits that calls in other files ask of this one (a wrapper's URL): made here as they are. */
  readonly incoming?: readonly TextEdit[];
  /** The file's mocks, settled against their calls: rewritten (fix, review) or left with a TODO. */
  readonly mocks?: readonly MockFinding[];
  /** false: no mock is rewritten (the fallback when a mock's rewrite does not parse). */
  readonly allowMockRewrites?: boolean;
  /** Every finding of the run (a project's), for the calls of a wrapper in other files that go with its request. */
  readonly everything?: readonly Finding[];
}

/**
 * Applies one file's settled findings: their edits that belong to this file (in a project, a finding may also edit
 * another file, which applies them itself), the edits other files' findings ask of it, and a TODO above every call
 * that is not migrated or needs a review.
 */
export function applyFindings(text: string, findings: readonly Finding[], context: SourceContext, options: ApplyOptions = {}): MigrateResult {
  const allowRewrites = options.allowRewrites !== false;
  const here = (edit: TextEdit) => edit.file === undefined || edit.file === context.file;
  // The same edit asked twice is made once: an insertion (two bodies that add one import), or an edit other files'
  // calls ask of this one (bodies in several files that share one type).
  const rewrites = new EditIndex();
  if (allowRewrites) for (const edit of options.incoming ?? []) if (!rewrites.has(edit)) rewrites.add(edit);
  const outcomes = findings.map((finding) => {
    const rewrite = allowRewrites ? rewriteOf(finding)?.filter(here)
      .filter((edit) => edit.range[0] !== edit.range[1] || !rewrites.has(edit)) : undefined;
    let reasons: readonly Reason[] = finding.reasons;
    let outcome: Outcome = finding.outcome;
    let migrated = false;
    if (rewrite !== undefined) {
      if (rewrite.some((edit) => rewrites.overlaps(edit))) {
        // Two calls that share code (one inside the other's body) are not rewritten blindly.
        reasons = [{ code: ReasonCode.urlNotEditable }];
        outcome = 'manual';
      } else {
        rewrite.forEach((edit) => rewrites.add(edit));
        migrated = true;
        // The comment an earlier run left because the call's group reached outside its files is done with.
        const stale = staleGroupTodo(finding.call, context);
        if (stale !== undefined && !rewrites.overlaps(stale)) rewrites.add(stale);
      }
    } else if (!allowRewrites && (finding.outcome === 'fix' || finding.outcome === 'review')) {
      // The rewrite did not parse: the call is left as it is, with the reasons it would have had or one that says so.
      if (finding.reasons.length === 0) reasons = [{ code: ReasonCode.urlNotEditable }];
      outcome = 'manual';
    }
    // A wrapper's caller held back for the wrapper's own reasons: the comment at the wrapper says them.
    const todo = (!migrated || reasons.length > 0) && finding.repeatsWrapper !== true;
    return { call: finding.call, finding, reasons, outcome, migrated, todo };
  });
  const allowMocks = allowRewrites && options.allowMockRewrites !== false;
  const mockOutcomes = (options.mocks ?? []).map((mock) => {
    const call = asCall(mock.mock);
    let reasons: readonly Reason[] = mock.reasons;
    let outcome: Outcome = mock.outcome;
    let migrated = false;
    const rewrite = allowMocks && (mock.outcome === 'fix' || mock.outcome === 'review') ? mock.edits?.filter(here) : undefined;
    if (rewrite !== undefined && !rewrite.some((edit) => rewrites.overlaps(edit))) {
      rewrite.forEach((edit) => rewrites.add(edit));
      migrated = true;
    } else if (mock.outcome !== 'manual') {
      reasons = [{ code: ReasonCode.urlNotEditable }];
      outcome = 'manual';
    }
    return { call, mock, reasons, outcome, migrated, todo: !migrated || reasons.length > 0 };
  });
  const everything = [...outcomes, ...mockOutcomes];
  const peers = {
    all: everything.filter((o) => o.todo).map((o) => o.call),
    pending: everything.filter((o) => !o.migrated).map((o) => o.call),
  };
  const todos: TextEdit[] = [];
  for (const { call, reasons, todo } of everything) {
    if (!todo) continue;
    let edit = renderTodo(call, reasons, context, peers);
    // A comment above a call that sits inside another call's rewritten span would be lost: above the statement then.
    if (edit !== undefined && rewrites.encloses(edit.range[0])) {
      edit = renderTodo(call, reasons, context);
    }
    if (edit !== undefined) todos.push(edit);
  }
  const siteOf = (call: AssignCall, repeatsWrapper: boolean, reasons: readonly Reason[], outcome: Outcome, migrated: boolean, mock?: MockFinding, finding?: Finding): SiteReport => {
    const { line, column } = call.node.loc.start;
    const withCallers = finding === undefined || call.caller === true ? 0 : callersGoingWith(finding, options.everything ?? findings);
    // The parser counts a byte order mark as a column of the first line; ESLint, which strips it, does not.
    const bom = line === 1 && text.startsWith('\uFEFF') ? 1 : 0;
    return {
      line,
      column: column + 1 - bom,
      kind: mock !== undefined ? 'mock' : call.caller === true ? 'caller' : 'call',
      ...(finding !== undefined && goesWithWrapper({ ...finding, reasons, ...(repeatsWrapper ? { repeatsWrapper: true as const } : {}) }, migrated) ? { withWrapper: true as const } : {}),
      client: mock?.mock.library ?? call.client,
      outcome,
      migrated,
      reasons: reasons.map((reason) => ({ code: reason.code, ...(reason.key === undefined ? {} : { key: reason.key }), text: describeReason(reason) })),
      ...(reasons.length > 0 ? { reason: describeReasons(reasons) } : {}),
      ...(withCallers > 0 ? { withCallers } : {}),
      via: call.via.map((step) => ({ path: step.ctx.file ?? '', line: step.node.loc.start.line })),
    };
  };
  // Calls first, in the order of `findings` (a project run reads a call's site by its index), then the mocks.
  const sites = [
    ...outcomes.map(({ finding, reasons, outcome, migrated }) => siteOf(finding.call, finding.repeatsWrapper === true, reasons, outcome, migrated, undefined, finding)),
    ...mockOutcomes.map(({ call, mock, reasons, outcome, migrated }) => siteOf(call, false, reasons, outcome, migrated, mock)),
  ];
  const edits = [...rewrites.edits, ...withPlacesAfter(todos, [...rewrites.edits, ...todos], text, context.file)];
  const output = applyEdits(text, edits);
  return { output, changed: output !== text, sites, edits };
}

/**
 * The TODO comments with the places they name in their own file (`line 6`, `src/app.ts:6`) counted as the file will be
 * after `edits`: a TODO line inserted above a place moves it down, and a comment that named it by its line before the
 * run would be wrong after it (and a second run, reading the new line, would write a second comment).
 */
function withPlacesAfter(todos: readonly TextEdit[], edits: readonly TextEdit[], text: string, file: string | undefined): TextEdit[] {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const newlines = (value: string) => value.split('\n').length - 1;
  const after = (line: number): number => {
    const start = lineStarts[line - 1];
    if (start === undefined) return line;
    let moved = 0;
    for (const edit of edits) if (edit.range[1] <= start) moved += newlines(edit.text) - newlines(text.slice(edit.range[0], edit.range[1]));
    return line + moved;
  };
  const prefixes = ['line ', ...(file === undefined ? [] : [`${file}:`])].map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const place = new RegExp(`(?<![\\w./-])(${prefixes.join('|')})(\\d+)\\b`, 'g');
  return todos.map((edit) => {
    const moved = edit.text.replace(place, (_all, prefix: string, line: string) => `${prefix}${after(Number(line))}`);
    return moved === edit.text ? edit : { ...edit, text: moved };
  });
}

/** The codemod migrates exact plans and plans with notes (the notes become the TODO); choices wait for a person. */
function rewriteOf(finding: Finding): readonly TextEdit[] | undefined {
  return finding.outcome === 'fix' || finding.outcome === 'review' ? finding.edits : undefined;
}
