/**
 * superagent: `superagent.post(url).send(body)`, `superagent('POST', url)`. The body comes from `.send(body)` further
 * along the chain; `.type('form')` or a form content type makes it a form; `.query()` puts keys in the URL.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody, type BodyRead, unreadable } from '../body.js';
import type { SourceContext } from '../../facts/context.js';
import { ReasonCode } from '../../facts/reasons.js';
import { staticString } from '../../facts/static-value.js';
import { chainedCalls, staticKey, unwrapTS } from '../../facts/syntax.js';
import { contentTypeOf } from './options.js';
import { argumentAt, type CallLayout, type ClientSpec, HTTP_VERBS, JSON_OBJECT, type Method } from './spec.js';

function chainLayout(call: TSESTree.CallExpression, url: TSESTree.Node, method: Method, ctx: SourceContext): CallLayout {
  const sends: TSESTree.Node[] = [];
  let form = false;
  let query = false;
  let unknownType = false;
  // .type() takes a type or a short name ('form', 'json'); a value not known here may be either.
  const mark = (type: 'form' | 'other' | 'unknown') => {
    if (type === 'form') form = true;
    if (type === 'unknown') unknownType = true;
  };
  for (const { name, args: [arg, value] } of chainedCalls(call)) {
    if (name === 'send' && arg !== undefined) sends.push(arg);
    if (name === 'query') query = true;
    // .serialize(fn) decides how the object is sent.
    if (name === 'serialize') unknownType = true;
    if (name === 'type') mark(contentTypeOf(arg, ctx));
    // .set('Content-Type', 'application/x-www-form-urlencoded') or .set({ 'Content-Type': ... })
    if (name === 'set' && arg?.type !== 'ObjectExpression' && /^content-type$/i.test(staticString(arg, ctx) ?? '')) {
      mark(contentTypeOf(value, ctx));
    }
    if (name === 'set' && arg?.type === 'ObjectExpression') {
      for (const header of arg.properties) {
        if (header.type === 'Property' && /^content-type$/i.test(staticKey(header) ?? '')) mark(contentTypeOf(header.value, ctx));
      }
    }
  }
  let body: BodyRead;
  if (form) body = unreadable(ReasonCode.bodyFormEncoded);
  else if (unknownType && sends.length > 0) body = unreadable(ReasonCode.bodyDynamic);
  // Several .send() calls merge their objects: not one literal to rewrite.
  else if (sends.length > 1) body = unreadable(ReasonCode.bodyDynamic);
  else body = readBody(sends[0], ctx, JSON_OBJECT);
  // .query() sends keys in the URL, where deprecated flags may travel too.
  return { client: 'superagent', url, method, body, ...(query ? { obstacles: [{ code: ReasonCode.urlNotEditable }] } : {}) };
}

export const superagentClient: ClientSpec = {
  library: 'superagent',
  modules: { superagent: ['default', '*'] },
  serializesObjects: false,
  // superagent('POST', url)
  call: (call, _client, ctx) => {
    const method = unwrapTS(call.arguments[0] ?? call);
    const url = argumentAt(call, 1);
    if (method.type !== 'Literal' || typeof method.value !== 'string' || url === undefined) return undefined;
    return chainLayout(call, url, method.value.toLowerCase() === 'post' ? 'post' : 'other', ctx);
  },
  method: (call, _client, verb, ctx) => {
    const url = argumentAt(call, 0);
    if (url === undefined || !HTTP_VERBS.has(verb)) return undefined;
    return chainLayout(call, url, verb === 'post' ? 'post' : 'other', ctx);
  },
};
