/**
 * undici: its `fetch` export is the Fetch API (the global `fetch` of Node is undici's); `request(url, options)` takes
 * the Fetch API's layout with a string body sent as given; and a dispatcher (`new Pool(origin)`, `new Client(origin)`,
 * `new BalancedPool(origins)`, `new Agent()`) sends `dispatcher.request({ origin?, path, method, body, headers })`,
 * where `path` is the whole path (an origin with a path is refused by undici) and `method` has no default. The global
 * dispatcher, and a `dispatcher` option, are its client setup (`dispatcher.ts`).
 */
import { bodyIn, isPlainObject, isShared, methodOf, optionsLayout, optionsOf, withOptions } from './options.js';
import { globalDispatcherSetup, withDispatcherOption } from './dispatcher.js';
import { fetchCall } from './fetch.js';
import { propertyOf } from '../../facts/syntax.js';
import { argumentAt, type CallLayout, type ClientSpec, STRING_ONLY } from './spec.js';
import { unreadable, unreadableAs } from '../body.js';
import { ReasonCode } from '../../facts/reasons.js';

export const undiciClient: ClientSpec = {
  library: 'fetch',
  modules: { undici: ['fetch'] },
  serializesObjects: false,
  setup: globalDispatcherSetup,
  call: (call, client, ctx) => withDispatcherOption(fetchCall(call, client, ctx), call.arguments[1], ctx),
};

/** The dispatcher classes whose instances send `request(options)`. */
const DISPATCHERS = ['Pool', 'Client', 'BalancedPool', 'Agent'];

const dispatcherRequest: NonNullable<ClientSpec['method']> = (call, client, verb, ctx) => {
  if (verb !== 'request') return undefined;
  const first = argumentAt(call, 0);
  if (first === undefined || call.arguments.length > 1) return undefined;
  const options = optionsOf(first, ctx);
  if (typeof options === 'string') return undefined;
  const path = propertyOf(options.object, 'path');
  if (path === undefined) return undefined;
  const plain = isPlainObject(options.object);
  const layout: CallLayout = {
    client: 'undici',
    url: path.value,
    urlShared: isShared(options),
    ...(client.base === undefined ? {} : { base: client.base }),
    // undici has no default method: a request without one is refused before it is sent.
    method: plain ? methodOf(options) : 'dynamic',
    body: plain ? bodyIn(options, 'body', STRING_ONLY) : unreadable(ReasonCode.bodyDynamic),
  };
  return withOptions(layout, options, false);
};

export const undiciRequestClient: ClientSpec = {
  library: 'undici',
  modules: { undici: ['request'] },
  constructors: { undici: DISPATCHERS },
  serializesObjects: false,
  setup: globalDispatcherSetup,
  call: (call, client, ctx) => {
    if (client.instance) return undefined;
    const url = argumentAt(call, 0);
    if (url === undefined) return undefined;
    const layout = optionsLayout(client, url, call.arguments[1], ctx, 'body', STRING_ONLY);
    // A form string stays a form: undici's headers also come as arrays and iterables, which are not read here.
    const read = layout.body.kind === 'object' && layout.body.body.form !== undefined ? { ...layout, body: unreadableAs(layout.body, ReasonCode.bodyFormEncoded) } : layout;
    return withDispatcherOption(read, call.arguments[1], ctx);
  },
  method: (call, client, verb, ctx) => (client.instance ? dispatcherRequest(call, client, verb, ctx) : undefined),
};
