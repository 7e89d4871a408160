/**
 * What a client library is, as data and two small functions: the modules and globals it comes from, how it makes
 * instances, how it sends an object body, and where one of its calls keeps URL, method and body. Each library has its
 * own module in this folder; `index.ts` holds the registry, and the compiler checks that every library declares one.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { BodyEncoding, BodyRead } from '../body.js';
import type { Bound, SourceContext } from '../../facts/context.js';
import type { VariableLike } from '../../facts/scope.js';
import type { Reason } from '../../facts/reasons.js';

/** The libraries a call is resolved to by reference. */
export type Library = 'fetch' | 'axios' | 'got' | 'ky' | 'superagent' | 'ofetch' | 'openapi-fetch' | 'rtk-query' | 'undici' | 'apollo-rest';

/** Who makes a call: a library, a client the user configured, or a callee read by the shape of its arguments. */
export type ClientKind = Library | 'configured' | 'unresolved';

/**
 * The method a call sends: POST; another one; one not known here; or none given (the client's default, GET for every
 * library, which is not the deprecated operation).
 */
export type Method = 'post' | 'other' | 'dynamic' | 'unspecified';

/** A callee value resolved to a client library, or to an instance made from one. */
export interface ClientRef {
  readonly library: Library;
  readonly spec: ClientSpec;
  readonly instance: boolean;
  /** The instance's base URL (axios/ofetch `baseURL`, got/ky `prefixUrl`), when it has one, where it is written. */
  readonly base?: Bound;
  /**
   * The options every instance on the way was made with, outermost first (`axios.create(config)`, then
   * `api.extend(more)`): they may set the method, headers or query parameters of every call. 'unknown' when the
   * options cannot be read here (a parameter, an import, a spread).
   */
  readonly defaults?: readonly (ObjectRef | 'unknown')[];
  /** The factory calls that made the instance (`axios.create(...)`, then `api.create(...)`), outermost first. */
  readonly madeAt?: readonly Bound[];
  /** The call that made the instance (`createClient<paths>(options)`), where it is written. */
  readonly madeBy?: { readonly call: TSESTree.CallExpression; readonly ctx: SourceContext };
}

/** Where one call keeps its URL, method and body, as its client defines. */
export interface CallLayout {
  readonly client: ClientKind;
  readonly url: TSESTree.Node | undefined;
  /** The URL sits in an options object other code shares: it cannot be edited for this call. */
  readonly urlShared?: boolean;
  readonly base?: Bound;
  readonly method: Method;
  readonly body: BodyRead;
  readonly obstacles?: readonly Reason[];
  /** The instance was made with options that cannot be read here (a parameter, an import, a spread of one). */
  readonly optionsUnread?: true;
  /** Setup written apart from the call that changes its client's URL, method or body (`clients/setup.ts`). */
  readonly setup?: readonly ClientSetup[];
  /** SDK methods that take the app code rather than a URL. */
  readonly appCodeArg?: TSESTree.Node;
  /**
   * The values of the URL's path placeholders (`'/apps/{id}/assign'` with `params: { path: { id } }`), by name;
   * 'unknown' when the call passes them in a way that cannot be read here.
   */
  readonly pathParams?: ReadonlyMap<string, Bound> | 'unknown';
  /** More edits a rewrite needs besides URL and body (the `params` that held the path's id), in the file `ctx`. */
  readonly alsoEdit?: readonly { readonly range: readonly [number, number]; readonly text: string; readonly ctx: SourceContext }[];
}

export interface ClientSpec {
  readonly library: Library;
  /** Modules whose exports are this client: the export names (`default`, `*` for the namespace, or a named export). */
  readonly modules: Readonly<Record<string, readonly string[]>>;
  /** Globals that are this client when nothing in the file shadows them (`fetch`, Nuxt's `$fetch`). */
  readonly globals?: readonly string[];
  /** The methods that make an instance, and the option that holds its base URL. */
  readonly factory?: { readonly methods: readonly string[]; readonly base: string };
  /** Modules whose exports, constructed with `new`, make an instance; the first argument is its origin (undici's `Pool`). */
  readonly constructors?: Readonly<Record<string, readonly string[]>>;
  /** Modules whose exports, called, make an instance (`createClient(options)` of openapi-fetch). */
  readonly makers?: Readonly<Record<string, readonly string[]>>;
  /**
   * The client serializes an object body itself (axios, ofetch), so a content type, a request transform or global
   * setup may change how it is sent. fetch, got and ky send what they are given.
   */
  readonly serializesObjects: boolean;
  /** The options that put keys in the query string, where they are not axios's and got's (`params`, `searchParams`...). */
  readonly queryKeys?: readonly string[];
  /** Type arguments from this count on may describe the body (axios's third); absent: they describe the response. */
  readonly bodyTypeArguments?: number;
  /** Code anywhere in the program that changes how every call sends its body (openapi-fetch middleware). */
  readonly globalSetup?: RegExp;
  /**
   * Setup written apart from the calls (axios defaults and interceptors), read for what it changes and tied to the
   * client it changes: the pieces that change calls through `client`.
   */
  readonly setup?: (client: ClientRef, program: TSESTree.Program, ctx: SourceContext, resolve: ResolveClient) => readonly ClientSetup[];
  /** A call of the client value itself: `fetch(url, init)`, `axios(config)`, an instance. */
  readonly call: (call: TSESTree.CallExpression, client: ClientRef, ctx: SourceContext) => CallLayout | undefined;
  /** A call of one of its methods (`axios.post`, `got.post`); absent when the client has none. */
  readonly method?: (call: TSESTree.CallExpression, client: ClientRef, verb: string, ctx: SourceContext) => CallLayout | undefined;
}

export const JSON_OBJECT: BodyEncoding = { objectIsJson: true, stringifyIsJson: true };
export const STRING_ONLY: BodyEncoding = { objectIsJson: false, stringifyIsJson: true };
export const HTTP_VERBS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options']);

/** JSON's content type as a client sends a JSON body anyway: `application/json`, with UTF-8 as its charset at most. */
export function isJsonContentType(value: string): boolean {
  return /^application\/json\s*(?:;\s*charset=utf-8\s*)?$/i.test(value);
}

/** The non-spread argument at `index`, if any. */
export function argumentAt(call: TSESTree.CallExpression, index: number): TSESTree.Expression | undefined {
  const node = call.arguments[index];
  return node === undefined || node.type === 'SpreadElement' ? undefined : node;
}

/**
 * An object literal, directly or through consts (or a parameter bound to a caller's argument); `via` names them, so a
 * caller can tell if it is shared. `ctx` is the file the literal is written in.
 */
export interface ObjectRef {
  readonly object: TSESTree.ObjectExpression;
  readonly via: readonly VariableLike[];
  readonly ctx: SourceContext;
  /** Reached through an import: other modules may use it too. */
  readonly exported?: true;
}

/** What a piece of setup changes: the URL (base, query, absolute URLs), the method, the body or its encoding, or what cannot be read. */
export type SetupEffect = 'url' | 'method' | 'body' | 'unknown';

/** The client a piece of setup changes. */
export type SetupTarget =
  | { readonly kind: 'global' }
  | { readonly kind: 'instance'; readonly made: Bound }
  | { readonly kind: 'any' };

export interface ClientSetup {
  readonly target: SetupTarget;
  /** Defaults apply to instances made from the client too; interceptors only to the client they are installed on. */
  readonly what: 'defaults' | 'interceptor';
  readonly effect: SetupEffect;
  /** The setup as written (`axios.defaults.transformRequest`) and where (`src/setup.ts:3`; `line 3` in the call's own file). */
  readonly label: string;
  readonly place: string;
}

/** The client a node stands for (clients/index.ts's `resolveClient`), handed to setup readers so they need not import the registry. */
export type ResolveClient = (node: TSESTree.Node, ctx: SourceContext) => ClientRef | undefined;
