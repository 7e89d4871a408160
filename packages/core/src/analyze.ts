/**
 * One call, fully analysed: recognized, planned, and rendered. The ESLint rule and the codemod both start here, so
 * they report the same calls with the same reasons and rewrite them into the same text.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from './context.js';
import type { AssignmentMode } from './contract.js';
import { type Plan, planMigration } from './plan.js';
import { type Reason, ReasonCode } from './reasons.js';
import { type AssignCall, recognizeAssignCall } from './recognize.js';
import { renderMigration, type TextEdit } from './render.js';
import { forEachCall } from './syntax.js';
import { unrewrittenSite } from './unrewritten.js';
import { settleWrappers } from './wrappers.js';

/**
 * - `fix`: one exact rewrite (ESLint: a suggestion, or a fix with `autofix`; codemod: rewritten).
 * - `review`: one rewrite with notes to review (ESLint: a suggestion; codemod: rewritten, with a TODO).
 * - `choose`: several rewrites, a person picks (ESLint: one suggestion each; codemod: a TODO).
 * - `manual`: no rewrite (ESLint: the reason; codemod: a TODO).
 */
export type Outcome = 'fix' | 'review' | 'choose' | 'manual';

export interface Choice {
  readonly id: AssignmentMode;
  readonly edits: readonly TextEdit[];
  readonly notes: readonly Reason[];
}

export interface Finding {
  readonly call: AssignCall;
  readonly plan: Plan;
  readonly outcome: Outcome;
  /** fix/review: the rewrite. */
  readonly edits?: readonly TextEdit[];
  /** choose: one rewrite per choice. */
  readonly choices?: readonly Choice[];
  /** What a person should know: the notes of a review, the reasons of a choice or of a manual call. */
  readonly reasons: readonly Reason[];
  /**
   * A call of a wrapper that is held back for the wrapper's own reasons, not for what this call passes: the wrapper's
   * call says them, so this call needs no comment of its own.
   */
  readonly repeatsWrapper?: true;
}

/** Analyses one call expression; undefined when it is not a deprecated call. */
export function analyzeCall(node: TSESTree.CallExpression, ctx: SourceContext): Finding | undefined {
  // A call no client module reads, whose arguments spell the route, is still reported (unrewritten.ts).
  const call = recognizeAssignCall(node, ctx) ?? unrewrittenSite(node, ctx);
  return call === undefined ? undefined : findingOf(call);
}

/** A recognized call, planned and rendered. */
export function findingOf(call: AssignCall): Finding {
  const plan = planMigration(call.facts, call.ctx.options);
  switch (plan.kind) {
    case 'manual':
      return { call, plan, outcome: 'manual', reasons: plan.reasons };
    case 'migrate': {
      const edits = renderMigration(call, plan);
      if (edits === undefined) return { call, plan, outcome: 'manual', reasons: [{ code: ReasonCode.renderFailed }] };
      return { call, plan, outcome: plan.notes.length === 0 ? 'fix' : 'review', edits, reasons: plan.notes };
    }
    case 'choose': {
      const choices: Choice[] = [];
      for (const option of plan.options) {
        const edits = renderMigration(call, option);
        if (edits === undefined) return { call, plan, outcome: 'manual', reasons: plan.reasons };
        choices.push({ id: option.id, edits, notes: option.notes });
      }
      return { call, plan, outcome: 'choose', choices, reasons: plan.reasons };
    }
  }
}

/**
 * Every deprecated call under a syntax tree, in source order, settled: a function of the file that sends the request
 * for its callers is migrated with all of them or not at all (see wrappers.ts). `settle: false` leaves that to a
 * caller that settles the findings of many files together.
 */
export function analyzeProgram(program: TSESTree.Node, ctx: SourceContext, options: { settle?: boolean } = {}): Finding[] {
  const findings: Finding[] = [];
  forEachCall(program, (node) => {
    const finding = analyzeCall(node, ctx);
    if (finding !== undefined) findings.push(finding);
  });
  findings.sort((a, b) => a.call.node.range[0] - b.call.node.range[0]);
  return options.settle === false ? findings : settleWrappers(findings);
}
