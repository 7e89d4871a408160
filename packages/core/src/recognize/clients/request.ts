/**
 * The request library and its wrappers (`request(options, callback)`, `rp(options)`): GET unless `method` says
 * otherwise; calls take a response callback. Read by the shape of their arguments, like any callee not resolved.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../../facts/context.js';
import { moduleOf } from './modules.js';

const REQUEST_MODULES: ReadonlySet<string> = new Set(['request', 'request-promise', 'request-promise-native', 'postman-request']);

/** The identifier is the request library (or one of its wrappers), imported or required. */
export function isRequestLibrary(id: TSESTree.Node, ctx: SourceContext): boolean {
  return id.type === 'Identifier' && REQUEST_MODULES.has(moduleOf(id, ctx) ?? '');
}
