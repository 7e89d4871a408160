/**
 * undici's dispatchers as client setup. Node's global `fetch` is undici's, and it and undici's own `request` and
 * `fetch` send through the global dispatcher: `setGlobalDispatcher(new Agent().compose(interceptor))` (or a dispatcher
 * class of the program, or `new Agent({ interceptors })`) sees every request before it is sent and may change its
 * method, path, headers and body, as an axios interceptor may. A `dispatcher` option on the call does the same for
 * that call. Only an Agent, a proxy agent or a retrying agent made with readable options that install no interceptor
 * changes nothing the migration depends on.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../../facts/context.js';
import { findVariable, importOf } from '../../facts/scope.js';
import { calleePath, forEachCall, propertyOf, unwrapTS } from '../../facts/syntax.js';
import { isPlainObject, optionsOf } from './options.js';
import type { ClientSetup } from './setup.js';
import type { CallLayout, ClientRef } from './spec.js';
import { ReasonCode } from '../../facts/reasons.js';

/** Text that may set the global dispatcher: files without it are never parsed for it. */
const GLOBAL_DISPATCHER = /\bsetGlobalDispatcher\b/;

/** Dispatchers that send a request as they are given it, when made with readable options and no interceptors. */
const PLAIN_DISPATCHERS: ReadonlySet<string> = new Set(['Agent', 'ProxyAgent', 'EnvHttpProxyAgent', 'RetryAgent']);

/** Whether a dispatcher value certainly changes no request: `new Agent()`, `new ProxyAgent(url)`, `new Agent({ connect })`. */
function isPlainDispatcher(node: TSESTree.Node, ctx: SourceContext): boolean {
  const made = unwrapTS(node);
  if (made.type !== 'NewExpression') return false;
  const callee = unwrapTS(made.callee);
  // undici's own class, imported from undici (`import { Agent }`, `import * as undici`): a class of the program that
  // shares the name may do anything to a request.
  const owner = callee.type === 'Identifier' ? callee : callee.type === 'MemberExpression' ? unwrapTS(callee.object) : undefined;
  const variable = owner?.type === 'Identifier' ? findVariable(ctx.getScope(owner), owner.name) : undefined;
  const imported = variable === undefined ? undefined : importOf(variable);
  if (imported?.source !== 'undici' || (callee.type === 'MemberExpression') !== (imported.imported === '*')) return false;
  const name = callee.type === 'Identifier' ? imported.imported
    : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
  if (name === undefined || !PLAIN_DISPATCHERS.has(name)) return false;
  return made.arguments.every((arg) => {
    const value = unwrapTS(arg);
    if (value.type === 'Literal' || value.type === 'TemplateLiteral') return true;
    // `new RetryAgent(new Agent())`: the dispatcher it wraps counts too.
    if (value.type === 'NewExpression') return isPlainDispatcher(value, ctx);
    return value.type === 'ObjectExpression' && isPlainObject(value) && propertyOf(value, 'interceptors') === undefined;
  });
}

function lineOf(node: TSESTree.Node, ctx: SourceContext): number {
  return node.loc?.start.line ?? ctx.text.slice(0, node.range[0]).split('\n').length;
}

function labelOf(call: TSESTree.CallExpression, ctx: SourceContext): string {
  const text = ctx.text.slice(call.range[0], call.range[1]).replace(/\s+/g, ' ');
  return text.length > 80 ? `${ctx.text.slice(call.callee.range[0], call.callee.range[1])}(...)` : text;
}

const read = new WeakMap<TSESTree.Program, readonly { label: string; line: number }[]>();

/** The calls of `setGlobalDispatcher(...)` in a file that may change requests, read once per syntax tree. */
function globalDispatchersIn(program: TSESTree.Program, ctx: SourceContext): readonly { label: string; line: number }[] {
  let found = read.get(program);
  if (found === undefined) {
    const list: { label: string; line: number }[] = [];
    if (GLOBAL_DISPATCHER.test(ctx.text)) {
      forEachCall(program, (call) => {
        const path = calleePath(call.callee);
        if (path === undefined || (path !== 'setGlobalDispatcher' && !path.endsWith('.setGlobalDispatcher'))) return;
        const [dispatcher] = call.arguments;
        if (dispatcher !== undefined && dispatcher.type !== 'SpreadElement' && isPlainDispatcher(dispatcher, ctx)) return;
        list.push({ label: labelOf(call, ctx), line: lineOf(call, ctx) });
      });
    }
    found = list;
    read.set(program, found);
  }
  return found;
}

/**
 * The global dispatcher set anywhere the analysis reads (this file and, with project facts, every file of the
 * program), when it may change requests: setup of every call that goes through it.
 */
export function globalDispatcherSetup(client: ClientRef, program: TSESTree.Program, ctx: SourceContext): ClientSetup[] {
  // A dispatcher instance (`new Pool(origin)`) sends its own requests.
  if (client.library === 'undici' && client.instance) return [];
  const files: { program: TSESTree.Program; ctx: SourceContext }[] = [{ program, ctx }];
  if (ctx.project?.filesMatching !== undefined) files.push(...ctx.project.filesMatching(GLOBAL_DISPATCHER).filter((file) => file.ctx.text !== ctx.text));
  else if (ctx.project?.anyFileMatches?.(GLOBAL_DISPATCHER) === true) {
    return [{ target: { kind: 'any' }, what: 'interceptor', effect: 'unknown', label: "undici's setGlobalDispatcher(...)", place: 'another module' }];
  }
  return files.flatMap((file) => globalDispatchersIn(file.program, file.ctx).map(({ label, line }): ClientSetup => ({
    target: { kind: 'any' },
    what: 'interceptor',
    effect: 'unknown',
    label,
    place: file.ctx.text === ctx.text || file.ctx.file === undefined ? `line ${line}` : `${file.ctx.file}:${line}`,
  })));
}

/** A `dispatcher` option on the call (`request(url, { dispatcher })`, `fetch(url, { dispatcher })`): that dispatcher sends it. */
export function withDispatcherOption(layout: CallLayout | undefined, options: TSESTree.Node | undefined, ctx: SourceContext): CallLayout | undefined {
  if (layout === undefined) return layout;
  const ref = optionsOf(options, ctx);
  if (typeof ref === 'string') return layout;
  const dispatcher = propertyOf(ref.object, 'dispatcher');
  if (dispatcher === undefined || isPlainDispatcher(dispatcher.value, ref.ctx)) return layout;
  // Named without a line when the options are the call's own: a TODO above the call would move it.
  const own = ref.ctx.text === ctx.text && ref.object.range[0] >= (layout.url?.range[0] ?? 0) && ref.via.length === 0;
  const line = lineOf(dispatcher.value, ref.ctx);
  const place = own ? '' : ref.ctx.text === ctx.text || ref.ctx.file === undefined ? ` (line ${line})` : ` (${ref.ctx.file}:${line})`;
  const key = `the dispatcher given in its options${place}`;
  return { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientSetup, key }] };
}
