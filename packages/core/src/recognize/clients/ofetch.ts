/**
 * ofetch (and Nuxt's global `$fetch`): `ofetch(url, { method, body })`, `ofetch.raw`, `$fetch.post`-style verbs, and
 * instances made with `ofetch.create({ baseURL })`. An object body is serialized as JSON by ofetch.
 */
import { optionsLayout } from './options.js';
import { argumentAt, type ClientSpec, HTTP_VERBS, JSON_OBJECT } from './spec.js';

const ofetchCall: ClientSpec['call'] = (call, client, ctx) => {
  const url = argumentAt(call, 0);
  return url === undefined ? undefined : optionsLayout(client, url, call.arguments[1], ctx, 'body', JSON_OBJECT);
};

export const ofetchClient: ClientSpec = {
  library: 'ofetch',
  modules: { ofetch: ['ofetch', '$fetch'] },
  globals: ['$fetch'],
  factory: { methods: ['create'], base: 'baseURL' },
  serializesObjects: true,
  call: ofetchCall,
  method: (call, client, verb, ctx) => {
    const url = argumentAt(call, 0);
    if (url === undefined) return undefined;
    if (verb === 'raw') return optionsLayout(client, url, call.arguments[1], ctx, 'body', JSON_OBJECT);
    if (!HTTP_VERBS.has(verb)) return undefined;
    return optionsLayout(client, url, call.arguments[1], ctx, 'body', JSON_OBJECT, verb === 'post' ? 'post' : 'other');
  },
};
