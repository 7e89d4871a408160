/**
 * One call, fully analysed: recognized, planned, and rendered. The ESLint rule and the codemod both start here, so
 * they report the same calls with the same reasons and rewrite them into the same text.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import type { Choice, Finding } from '../facts/finding.js';
import { planMigration } from '../plan/plan.js';
import { ReasonCode } from '../facts/reasons.js';
import { type AssignCall, recognizeAssignCall } from '../recognize/recognize.js';
import { renderMigration } from '../render/render.js';
import { forEachCall, someNode } from '../facts/syntax.js';
import { requestObjectSite, unrewrittenSite } from './unrewritten.js';
import { settleWrappers } from '../merge/wrappers.js';

export type { Choice, Finding, Outcome } from '../facts/finding.js';

/** Analyses one call expression; undefined when it is not a deprecated call. */
export function analyzeCall(node: TSESTree.CallExpression, ctx: SourceContext): Finding | undefined {
  // A call no client module reads, whose arguments spell the route, is still reported (unrewritten.ts).
  const call = recognizeAssignCall(node, ctx) ?? unrewrittenSite(node, ctx);
  return call === undefined ? undefined : findingOf(call);
}

/** Analyses one `new Request(...)` that no call is handed (unrewritten.ts); undefined when it is no such site. */
export function analyzeRequestObject(node: TSESTree.NewExpression, ctx: SourceContext): Finding | undefined {
  const call = requestObjectSite(node, ctx);
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
  if (/\bnew\s+Request\b/.test(ctx.text)) {
    someNode(program, (node) => {
      const finding = node.type === 'NewExpression' ? analyzeRequestObject(node, ctx) : undefined;
      if (finding !== undefined) findings.push(finding);
      return false;
    });
  }
  findings.sort((a, b) => a.call.node.range[0] - b.call.node.range[0]);
  return options.settle === false ? findings : settleWrappers(findings);
}
