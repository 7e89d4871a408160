/**
 * A function of the test runner that stands in for a client and answers by the URL it is given: `vi.stubGlobal('fetch',
 * vi.fn(async (url) => /…\/assign$/.test(url) ? … : …))`, `vi.spyOn(globalThis, 'fetch').mockImplementation(…)`. Its
 * function spells the deprecated route to tell it apart, so it answers that request and, once its calls send v3, no
 * longer does. It cannot be rewritten in place: found, so that it keeps its calls.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { valueOfName } from '../recognize/follow.js';
import { calleePath, unwrapTS } from '../facts/syntax.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { functionSpellsRoute } from './route.js';
import type { MockSite } from './site.js';

const TEST_MODULES = ['vitest', '@jest/globals'];
/** The methods of a mock function that give it its implementation. */
const IMPLEMENTATIONS = /^mockImplementation(?:Once)?$/;

export function recognizeStub(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const fn = implementationOf(call, ctx);
  if (fn === undefined || !functionSpellsRoute(fn, ctx)) return undefined;
  return { node: call, ctx, library: 'stub', route: { held: 'a stubbed function that answers by testing the URL it is given against the deprecated route' }, reads: [] };
}

/** The function `vi.fn(fn)`, `jest.fn(fn)`, `x.mockImplementation(fn)` or `vi.stubGlobal(name, fn)` is given. */
function implementationOf(call: TSESTree.CallExpression, ctx: SourceContext): TSESTree.Node | undefined {
  const path = calleePath(call.callee) ?? '';
  let given: TSESTree.Node | undefined;
  if (/^(?:vi|jest)\.fn$/.test(path) && isRunner(call.callee, ctx)) given = call.arguments[0];
  else if (/^vi\.stubGlobal$/.test(path) && isRunner(call.callee, ctx)) given = call.arguments[1];
  else if (IMPLEMENTATIONS.test(methodOf(call)?.name ?? '')) given = call.arguments[0];
  if (given === undefined || given.type === 'SpreadElement') return undefined;
  const expr = unwrapTS(given);
  if (expr.type !== 'Identifier') return expr;
  // A function held by a const of this file.
  const name = valueOfName(expr, ctx);
  return name.kind === 'const' && name.value.ctx === ctx ? unwrapTS(name.value.node) : undefined;
}

/** `vi` or `jest`, as the runner's global or imported from it. */
function isRunner(callee: TSESTree.Node, ctx: SourceContext): boolean {
  const origin = originOf(callee, ctx);
  return origin?.kind === 'global' || fromModule(origin, TEST_MODULES);
}
