/**
 * got: `got(url, options)`, `got.post(url, { json })`, and instances made with `got.extend({ prefixUrl })`. `json` is
 * sent as JSON; `body` as given (a `JSON.stringify` string); `form` as a form.
 */
import { optionsLayout } from './options.js';
import { argumentAt, type ClientSpec, HTTP_VERBS, JSON_OBJECT } from './spec.js';

/** `client(url, options)` and `client.post(url, options)` for the clients that take `json` (got, ky). */
export const jsonOptionCall: ClientSpec['call'] = (call, client, ctx) => {
  const url = argumentAt(call, 0);
  return url === undefined ? undefined : optionsLayout(client, url, call.arguments[1], ctx, 'json', JSON_OBJECT);
};

export const jsonOptionMethod: NonNullable<ClientSpec['method']> = (call, client, verb, ctx) => {
  const url = argumentAt(call, 0);
  if (url === undefined || !HTTP_VERBS.has(verb)) return undefined;
  return optionsLayout(client, url, call.arguments[1], ctx, 'json', JSON_OBJECT, verb === 'post' ? 'post' : 'other');
};

export const gotClient: ClientSpec = {
  library: 'got',
  modules: { got: ['default', 'got'] },
  factory: { methods: ['extend'], base: 'prefixUrl' },
  serializesObjects: false,
  call: jsonOptionCall,
  method: jsonOptionMethod,
};
