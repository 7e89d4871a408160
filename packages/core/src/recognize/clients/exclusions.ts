/**
 * Calls that are never requests, whatever their arguments: loggers, assertions, routers, caches, the console; and
 * calls of test and mock libraries, which describe a request (`nock(host).post(...)`, `expect(fetch).toHaveBeenCalledWith(...)`)
 * rather than make it.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../../facts/context.js';
import { findVariable } from '../../facts/scope.js';
import { calleePath, unwrapTS } from '../../facts/syntax.js';
import { moduleOf } from './modules.js';

/** True for callees that are certainly not HTTP clients: loggers, assertions, routers, caches, the console. */
export function isNeverAClient(callee: TSESTree.Node): boolean {
  const expr = unwrapTS(callee);
  const path = calleePath(expr);
  if (path !== undefined && ['console', 'Object', 'Reflect', 'JSON', 'Math'].includes(path.split('.')[0] ?? '')) return true;
  const last =
    expr.type === 'Identifier'
      ? expr.name
      : expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier'
        ? expr.property.name
        : '';
  return NEVER_CLIENT_NAMES.test(last) || /^to[A-Z]/.test(last) || /^on[A-Z][a-z]+$/.test(last);
}

/** Names of functions that take a path without requesting it. */
const NEVER_CLIENT_NAMES =
  /^(?:log|info|warn|warning|error|debug|trace|fatal|verbose|silly|assert|expect|equal|strictEqual|deepEqual|t|i18n|translate|describe|it|assign|push|replace|navigate|redirect|prefetch|set|has|add|delete|mock\w*|intercept|route|when|reply|use|emit|track|report|capture\w*|startsWith|endsWith|includes|match|test|exec|split)$/i;

/** Modules whose calls describe requests (mocks, assertions, test servers) rather than make them. */
const TEST_AND_MOCK_MODULES: ReadonlySet<string> = new Set([
  'nock', 'msw', 'axios-mock-adapter', 'fetch-mock', 'jest-fetch-mock', 'supertest', 'sinon', 'vitest', '@jest/globals', 'chai',
]);
const TEST_GLOBALS: ReadonlySet<string> = new Set(['expect', 'jest', 'vi', 'cy', 'sinon', 'nock', 'assert', 'should']);

/**
 * `expect(fetch).toHaveBeenCalledWith(...)`, `nock(host).post(...)`, `mock.onPost(...)`: never the call itself; nor is
 * a call on a const that holds such a chain (`const scope = nock(API); scope.post(...)`).
 */
export function isTestOrMock(callee: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  let node = unwrapTS(callee);
  while (node.type === 'MemberExpression' || node.type === 'CallExpression') {
    node = unwrapTS(node.type === 'MemberExpression' ? node.object : node.callee);
  }
  if (node.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(node), node.name);
  if (variable === undefined) return TEST_GLOBALS.has(node.name);
  if (TEST_AND_MOCK_MODULES.has(moduleOf(node, ctx) ?? '')) return true;
  const declared = variable.defs[0]?.node as TSESTree.Node | undefined;
  return depth < 4 && variable.defs.length === 1 && declared?.type === 'VariableDeclarator' && declared.id.type === 'Identifier' && declared.init != null &&
    declared.parent.kind === 'const' && unwrapTS(declared.init).type === 'CallExpression' && isTestOrMock(declared.init, ctx, depth + 1);
}
