/**
 * What a mock becomes on its own: the planner maps its body matcher exactly as it maps a call's body (the same
 * `planMigration`), and the renderer writes the v3 body as it writes a call's (the same `renderMigration`: key order,
 * quotes, layout), so a migrated call and its migrated mock send and expect the same JSON. Whether the mock may be
 * rewritten at all depends on its calls: see settle.ts.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Outcome } from '../analysis/analyze.js';
import type { SourceContext } from '../facts/context.js';
import { V3Key } from '../facts/contract.js';
import { type CallFacts, planMigration, type PlanOptions } from '../plan/plan.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';
import type { AssignCall } from '../recognize/recognize.js';
import { renderMigration, type TextEdit } from '../render/render.js';
import { forEachCall } from '../facts/syntax.js';
import { recognizeMock } from './recognize.js';
import type { MockSite } from './site.js';

/** One mock, planned: `fix` and `review` carry the edits; `manual` the reasons it stays. */
export interface MockFinding {
  readonly mock: MockSite;
  readonly outcome: Exclude<Outcome, 'choose'>;
  readonly edits?: readonly TextEdit[];
  readonly reasons: readonly Reason[];
}

/** Every mock and assertion of the deprecated request under a syntax tree, in source order, planned on its own. */
export function analyzeMocks(program: TSESTree.Node, ctx: SourceContext): MockFinding[] {
  const found: MockFinding[] = [];
  forEachCall(program, (node) => {
    const mock = recognizeMock(node, ctx);
    if (mock !== undefined) found.push(planMock(mock, ctx.options));
  });
  return found.sort((a, b) => a.mock.node.range[0] - b.mock.node.range[0]);
}

export function planMock(mock: MockSite, options: PlanOptions): MockFinding {
  const manual = (reasons: readonly Reason[]): MockFinding => ({ mock, outcome: 'manual', reasons });
  if (mock.negated === true) return manual([{ code: ReasonCode.mockAssertionNegated }]);
  if (mock.recording !== undefined) return manual([{ code: ReasonCode.mockRecorded, key: mock.recording }]);
  if (mock.recorded !== undefined) return manual([{ code: ReasonCode.mockCallsRecorded, key: mock.recorded }]);
  // nock's list of the interceptors, asserted by the key of the one the test sets: it names that key's v3 form.
  if (mock.interceptorKeys !== undefined) return { mock, outcome: 'fix', edits: mock.interceptorKeys.map((edit) => ({ ...edit, ...fileOf(mock.ctx) })), reasons: [] };
  const { route } = mock;
  const blockers: Reason[] = [];
  if (mock.filter !== undefined) blockers.push({ code: ReasonCode.mockRequestFiltered, key: mock.filter });
  if (route.edit === undefined && route.anyUrl !== true) blockers.push({ code: ReasonCode.mockRouteNotEditable, ...(route.held === undefined ? {} : { key: route.held }) });
  for (const read of mock.reads) blockers.push({ code: ReasonCode.mockResolverReads, key: read });
  if (route.appCode !== undefined && /^\d+$/.test(route.appCode)) blockers.push({ code: ReasonCode.appIdNumeric });
  const body = mock.body?.kind === 'none' ? undefined : mock.body;
  // A type that describes the deprecated body (on the handler, or on the matcher: `{ ... } as LegacyBody`).
  if (mock.typed === true || (body?.kind === 'object' && body.body.typed)) blockers.push({ code: ReasonCode.bodyTyped });
  // A handler that reads both assignee keys reads what v3 holds in one field.
  const readKeys = new Set((mock.bodyReads ?? []).map((read) => read.key));
  if (readKeys.size > 1) blockers.push({ code: ReasonCode.mockResolverReads, key: 'the request body' });
  if (body === undefined) {
    if (blockers.length > 0) return manual(blockers);
    // Any URL and any body: nothing of the deprecated request is asserted (not recognized as a mock).
    if (route.edit === undefined) return manual([{ code: ReasonCode.mockRouteNotEditable }]);
    const urlEdit = { range: route.edit.range, text: route.edit.text, ...fileOf(mock.ctx) };
    // Each read of the assignee key reads assignee_uid; settle.ts checks that every call sends that key.
    const readEdits = [
      ...(mock.checksAppCode === true ? [] : mock.bodyReads ?? []).map((read) => ({ range: read.range, text: V3Key.assigneeUid, ...fileOf(mock.ctx) })),
      ...(mock.resolverEdits ?? []).map((edit) => ({ range: edit.range, text: edit.text, ...fileOf(mock.ctx) })),
    ];
    if (readEdits.length > 0) {
      // A body matcher that now asks the app code too is exact.
      return route.appCode === undefined || mock.checksAppCode === true
        ? { mock, outcome: 'fix', edits: [urlEdit, ...readEdits], reasons: [] }
        : { mock, outcome: 'review', edits: [urlEdit, ...readEdits], reasons: [{ code: ReasonCode.mockAppCodeUnchecked }] };
    }
    // Without a body matcher the app code of a static route has nowhere to go: the mock gets looser, and says so.
    return route.appCode === undefined
      ? { mock, outcome: 'fix', edits: [urlEdit], reasons: [] }
      : { mock, outcome: 'review', edits: [urlEdit], reasons: [{ code: ReasonCode.mockAppCodeUnchecked }] };
  }
  if (route.appCode === undefined) blockers.push({ code: ReasonCode.mockAppCodeUnknown });
  const facts: CallFacts = {
    appId: route.appCode === undefined ? { kind: 'composite' } : { kind: 'static', value: route.appCode },
    body: body.facts,
    obstacles: [],
  };
  const plan = planMigration(facts, options);
  if (blockers.length > 0 || plan.kind !== 'migrate') {
    const own = plan.kind === 'migrate' ? [] : plan.reasons.filter((r) => r.code !== ReasonCode.appIdComposite && r.code !== ReasonCode.appIdNumeric);
    return manual([...blockers, ...own]);
  }
  const edits = body.kind === 'object' ? renderMigration(asCall(mock, facts, body.body), plan) : undefined;
  if (edits === undefined) return manual([{ code: ReasonCode.urlNotEditable }]);
  return { mock, outcome: plan.notes.length === 0 ? 'fix' : 'review', edits, reasons: plan.notes };
}

/**
 * The mock as the renderer sees a call: where its route is, the body object, the app code as a literal. The
 * renderer and the TODO writer need no more, so a mock is written exactly as a call would be.
 */
export function asCall(mock: MockSite, facts?: CallFacts, body?: AssignCall['body']): AssignCall {
  return {
    node: mock.node,
    ctx: mock.ctx,
    client: 'unresolved',
    facts: facts ?? { appId: { kind: 'composite' }, body: { kind: 'unknown' }, obstacles: [] },
    ...(mock.route.edit === undefined ? {} : { urlEdit: { ...mock.route.edit, ctx: mock.ctx } }),
    ...(body === undefined ? {} : { body }),
    ...(mock.route.appCode === undefined ? {} : { appCode: { kind: 'literal' as const, value: mock.route.appCode } }),
    via: [],
  };
}

function fileOf(ctx: SourceContext): { file?: string } {
  return ctx.file === undefined ? {} : { file: ctx.file };
}
