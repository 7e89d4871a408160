/**
 * The Fetch API: the global `fetch` (and `globalThis.fetch`, `window.fetch`), and the modules that export the same
 * function. `fetch(url, { method, body })` sends GET unless `method` says otherwise, and sends `body` as given: a
 * `JSON.stringify(object)` string is JSON, an object is not.
 */
import { optionsLayout } from './options.js';
import { argumentAt, type ClientSpec, STRING_ONLY } from './spec.js';

/** `fetch(url, init)`: shared by every module that exports the Fetch API. */
export const fetchCall: ClientSpec['call'] = (call, client, ctx) => {
  const url = argumentAt(call, 0);
  return url === undefined ? undefined : optionsLayout(client, url, call.arguments[1], ctx, 'body', STRING_ONLY);
};

export const fetchClient: ClientSpec = {
  library: 'fetch',
  modules: { 'cross-fetch': ['default', 'fetch'], 'isomorphic-fetch': ['default'] },
  globals: ['fetch'],
  serializesObjects: false,
  call: fetchCall,
};
