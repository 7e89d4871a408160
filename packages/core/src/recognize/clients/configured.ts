/**
 * Clients the user declared in the options (`clients: [{ callee: 'platform.assign', url: 0, body: 1 }]`): an SDK or
 * an in-house wrapper whose arguments say where URL, body and app code are. It sends POST.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody } from '../body.js';
import type { ClientConfig, SourceContext } from '../../facts/context.js';
import { calleePath } from '../../facts/syntax.js';
import { type CallLayout, JSON_OBJECT } from './spec.js';

/** A call of a configured client: its layout, or undefined when the callee is none of them. */
export function configuredLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const client = configuredClient(call, ctx.options.clients);
  return client === undefined ? undefined : configuredLayout(call, client, ctx);
}

function configuredClient(call: TSESTree.CallExpression, clients: readonly ClientConfig[]): ClientConfig | undefined {
  if (clients.length === 0) return undefined;
  const path = calleePath(call.callee);
  return path === undefined ? undefined : clients.find((client) => client.callee === path);
}

function configuredLayout(call: TSESTree.CallExpression, client: ClientConfig, ctx: SourceContext): CallLayout {
  const arg = (index: number | undefined): TSESTree.Node | undefined => {
    const node = index === undefined ? undefined : call.arguments[index];
    return node?.type === 'SpreadElement' ? undefined : node;
  };
  const body = readBody(arg(client.body), ctx, JSON_OBJECT);
  const appCodeArg = arg(client.appCode);
  return {
    client: 'configured',
    url: arg(client.url),
    method: 'post',
    body,
    ...(appCodeArg === undefined ? {} : { appCodeArg }),
  };
}
