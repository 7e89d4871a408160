/**
 * Migrates one file's text: every call the core can rewrite is rewritten, every other deprecated call gets one
 * `TODO(app-assignment): <reason>` line above its statement. Pure text in, text out; the jscodeshift transform and
 * the CLI both call this, and nothing else in the file changes.
 */
import {
  type AnalysisOptions,
  analyzeProgram,
  applyEdits,
  DEFAULT_ANALYSIS_OPTIONS,
  describeReasons,
  type Finding,
  mayContainAssignCall,
  type Reason,
  ReasonCode,
  renderTodo,
  type SourceContext,
  type TextEdit,
} from '@app-assignment/core';
import { type ParsedSource, SourceSyntaxError } from '@app-assignment/core/parse';
import { parseFile, parsesFile } from './parse.js';

/** What happened at one deprecated call; line and column (1-based) are those of the call in the input. */
export interface SiteReport {
  readonly line: number;
  readonly column: number;
  readonly outcome: 'migrated' | 'todo';
  /** Why a person must look: the reason of a TODO, or the notes of a migration that still needs a review. */
  readonly reason?: string;
}

export interface MigrateResult {
  readonly output: string;
  readonly changed: boolean;
  readonly sites: readonly SiteReport[];
}

export { SourceSyntaxError };

/** A parser of the core's shape: `parseFile` (oxc-parser, else typescript-estree), or one of them for a comparison. */
export type Parse = (text: string, filename: string, options?: AnalysisOptions) => ParsedSource;

/** Rewrites what can be rewritten; throws SourceSyntaxError when the text does not parse. */
export function migrateText(
  text: string,
  filename: string,
  options: AnalysisOptions = DEFAULT_ANALYSIS_OPTIONS,
  parse: Parse = parseFile,
): MigrateResult {
  if (!mayContainAssignCall(text, options)) return { output: text, changed: false, sites: [] };
  const { program, context } = parse(text, filename, options);
  const findings = analyzeProgram(program, context);
  if (findings.length === 0) return { output: text, changed: false, sites: [] };
  const result = apply(text, findings, context, true);
  if (!result.changed || parses(parse, result.output, filename)) return result;
  // A rewrite that does not parse is a bug of this tool; the file keeps its code and every call gets a TODO.
  return apply(text, findings, context, false);
}

function parses(parse: Parse, text: string, filename: string): boolean {
  if (parse === parseFile) return parsesFile(text, filename);
  try {
    parse(text, filename);
    return true;
  } catch {
    return false;
  }
}

function apply(text: string, findings: readonly Finding[], context: SourceContext, allowRewrites: boolean): MigrateResult {
  const rewrites: TextEdit[] = [];
  const outcomes = findings.map((finding) => {
    const rewrite = allowRewrites ? rewriteOf(finding) : undefined;
    let reasons: readonly Reason[] = finding.reasons;
    let migrated = false;
    if (rewrite !== undefined) {
      if (rewrite.some((edit) => rewrites.some((other) => overlaps(edit, other)))) {
        // Two calls that share code (one inside the other's body) are not rewritten blindly.
        reasons = [{ code: ReasonCode.urlNotEditable }];
      } else {
        rewrites.push(...rewrite);
        migrated = true;
      }
    } else if (!allowRewrites && finding.reasons.length === 0) {
      reasons = [{ code: ReasonCode.urlNotEditable }];
    }
    return { finding, reasons, migrated, todo: !migrated || reasons.length > 0 };
  });
  const peers = {
    all: outcomes.filter((o) => o.todo).map((o) => o.finding.call),
    pending: outcomes.filter((o) => !o.migrated).map((o) => o.finding.call),
  };
  const todos: TextEdit[] = [];
  for (const { finding, reasons, todo } of outcomes) {
    if (!todo) continue;
    let edit = renderTodo(finding.call, reasons, context, peers);
    // A comment above a call that sits inside another call's rewritten span would be lost: above the statement then.
    if (edit !== undefined && rewrites.some((r) => r.range[0] < edit!.range[0] && edit!.range[0] < r.range[1])) {
      edit = renderTodo(finding.call, reasons, context);
    }
    if (edit !== undefined) todos.push(edit);
  }
  const sites = outcomes.map(({ finding, reasons, migrated }): SiteReport => {
    const { line, column } = finding.call.node.loc.start;
    // The parser counts a byte order mark as a column of the first line; ESLint, which strips it, does not.
    const bom = line === 1 && text.startsWith('\uFEFF') ? 1 : 0;
    return {
      line,
      column: column + 1 - bom,
      outcome: migrated ? 'migrated' : 'todo',
      ...(reasons.length > 0 ? { reason: describeReasons(reasons) } : {}),
    };
  });
  const output = applyEdits(text, [...rewrites, ...todos]);
  return { output, changed: output !== text, sites };
}

/** The codemod migrates exact plans and plans with notes (the notes become the TODO); choices wait for a person. */
function rewriteOf(finding: Finding): readonly TextEdit[] | undefined {
  return finding.outcome === 'fix' || finding.outcome === 'review' ? finding.edits : undefined;
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.range[0] < b.range[1] && b.range[0] < a.range[1];
}
