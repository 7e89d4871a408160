/**
 * axios: `axios(config)`, `axios(url, config)`, `axios.post(url, data, config)`, `axios.request(config)`, and
 * instances made with `axios.create({ baseURL, ... })`. An object body is serialized by axios (as JSON unless a content
 * type, a transform or global setup says otherwise); `postForm` sends it as a form.
 */
import { readBody, type BodyRead, unreadable, unreadableAs } from '../body.js';
import { ReasonCode } from '../../facts/reasons.js';
import { propertyOf } from '../../facts/syntax.js';
import { baseOf, bodyIn, isPlainObject, isShared, methodOf, objectOf, optionsLayout, optionsOf, withFormHeader, withOptions } from './options.js';
import { setupOf } from './setup.js';
import { argumentAt, type CallLayout, type ClientSpec, HTTP_VERBS, JSON_OBJECT } from './spec.js';

const axiosCall: ClientSpec['call'] = (call, client, ctx) => {
  const first = argumentAt(call, 0);
  if (first === undefined) return undefined;
  const second = call.arguments[1];
  const config = second === undefined ? objectOf(first, ctx) : undefined;
  if (config === undefined) return optionsLayout(client, first, second, ctx, 'data', JSON_OBJECT);
  // axios({ method, url, data, baseURL }); with a spread or a repeated key, only the URL can be read.
  const plain = isPlainObject(config.object);
  const layout: CallLayout = {
    client: 'axios',
    url: propertyOf(config.object, 'url')?.value,
    urlShared: isShared(config),
    ...baseOf(client, config),
    method: plain ? methodOf(config) : 'dynamic',
    body: plain ? bodyIn(config, 'data', JSON_OBJECT) : unreadable(ReasonCode.bodyDynamic),
  };
  return withOptions(withFormHeader(layout, plain ? config : 'unknown'), plain ? config : 'unknown', true);
};

const axiosMethod: NonNullable<ClientSpec['method']> = (call, client, verb, ctx) => {
  const first = argumentAt(call, 0);
  if (first === undefined) return undefined;
  const [, second, third] = call.arguments;
  if (verb === 'request') return axiosCall(call, client, ctx);
  // postForm, putForm, patchForm: the object is sent as a form.
  const form = verb.endsWith('form');
  const base = form ? verb.slice(0, -'form'.length) : verb;
  if (!HTTP_VERBS.has(base)) return undefined;
  const config = optionsOf(third, ctx);
  let body: BodyRead;
  if (second === undefined) body = readBody(undefined, ctx, JSON_OBJECT);
  else if (second.type === 'SpreadElement') body = unreadable(ReasonCode.bodyDynamic);
  else body = readBody(second, ctx, JSON_OBJECT);
  if (form && body.kind === 'object') body = unreadableAs(body, ReasonCode.bodyFormEncoded);
  const layout: CallLayout = {
    client: 'axios',
    url: first,
    ...baseOf(client, typeof config === 'string' ? undefined : config),
    // axios.post sets the method whatever the config says; a config not known here may still set headers.
    method: base === 'post' ? 'post' : 'other',
    body,
    ...(config === 'unknown' ? { obstacles: [{ code: ReasonCode.optionsUnknown }] } : {}),
  };
  return withOptions(withFormHeader(layout, config), config, true);
};

/**
 * Text that may set a header of every axios call: defaults written in any way (directly, through a computed key,
 * `Object.assign`, a name that holds them) or a request interceptor. The report query, whose header is what matters,
 * holds its calls back on it.
 */
export const AXIOS_HEADER_SETUP =
  /\bdefaults\s*(?:\.\s*(?:headers|transformRequest)\b|\[|=(?!=))|=\s*[\w$.]*\bdefaults\b\s*[;\n]|Object\.assign\s*\(\s*[\w$.]*\bdefaults\b|\binterceptors\s*\.\s*request\b/;

export const axiosClient: ClientSpec = {
  library: 'axios',
  modules: { axios: ['default', '*'] },
  factory: { methods: ['create'], base: 'baseURL' },
  serializesObjects: true,
  // `axios.post<R, AxiosResponse<R>, LegacyBody>(...)`: the third type argument is the body's type.
  bodyTypeArguments: 3,
  // `axios.defaults.transformRequest = ...`, `api.interceptors.request.use(...)`: read for what they change.
  setup: setupOf,
  call: axiosCall,
  method: axiosMethod,
};
