/**
 * The options every front end accepts (extra clients, extra routes, what to do with built_in and with the tests' mocks), their JSON schema
 * (the ESLint rule's schema is built from it) and a validator with messages that say what to do (the codemod's
 * `--config` file goes through it).
 */
import type { AnalysisOptions, ClientConfig, RouteConfig } from './context.js';

/** What a user writes; every field optional. */
export interface OptionsInput {
  readonly builtIn?: 'keep' | 'drop';
  readonly tests?: 'follow' | 'ignore';
  readonly clients?: readonly ClientConfig[];
  readonly routes?: readonly RouteConfig[];
}

const CLIENT_SCHEMA = {
  type: 'object',
  description: 'A function or method of your own that calls the deprecated operation.',
  properties: {
    callee: {
      type: 'string',
      minLength: 1,
      description: 'The function name or member path as written at the call, e.g. `callApi`, `api.request`, `sdk.apps.assign`.',
    },
    url: { type: 'integer', minimum: 0, description: 'Index of the argument that holds the URL.' },
    appCode: {
      type: 'integer',
      minimum: 0,
      description: 'Index of the argument that holds the app code, for SDK methods that build the URL themselves.',
    },
    body: { type: 'integer', minimum: 0, description: 'Index of the argument that holds the body object.' },
  },
  required: ['callee'],
  additionalProperties: false,
} as const;

const ROUTE_SCHEMA = {
  type: 'object',
  description: 'Another path under which the deprecated operation is reached, such as a gateway.',
  properties: {
    path: { type: 'string', pattern: '\\{id\\}', description: 'The path with one `{id}` segment, e.g. `/gateway/apps/{id}/assign`.' },
    v3Path: {
      type: 'string',
      description: 'Where the same gateway serves POST /v3/apps/app_assignments; without it, calls are reported, not rewritten.',
    },
  },
  required: ['path'],
  additionalProperties: false,
} as const;

/** JSON schema of the shared options (draft-04 compatible, as ESLint wants). */
export const OPTIONS_SCHEMA_PROPERTIES = {
  builtIn: {
    type: 'string',
    enum: ['keep', 'drop'],
    description:
      '`keep` (default): a call with built_in "true" stays as it is, with the reason. `drop`: migrate the rest and drop built_in, with a note to review.',
  },
  tests: {
    type: 'string',
    enum: ['follow', 'ignore'],
    description:
      "`follow` (default): a call and the tests' mocks that stand for it are one group; a call whose mock cannot follow it to v3 stays, with the reason. `ignore`: the call is migrated whatever its mocks read.",
  },
  clients: { type: 'array', items: CLIENT_SCHEMA, description: 'Extra clients: functions or methods of your own.' },
  routes: { type: 'array', items: ROUTE_SCHEMA, description: 'Extra route patterns that reach the deprecated operation.' },
} as const;

/**
 * Checks options written by a user (a config file) and fills in the defaults. Throws an Error whose message names
 * the wrong field and what it should be.
 */
export function validateOptions(input: unknown, where = 'options'): AnalysisOptions {
  if (input === undefined || input === null) return { builtIn: 'keep', clients: [], routes: [] };
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error(`${where} must be an object such as { "builtIn": "keep", "clients": [] }`);
  const record = input as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(key in OPTIONS_SCHEMA_PROPERTIES)) {
      throw new Error(`${where}: unknown option "${key}"; the options are ${Object.keys(OPTIONS_SCHEMA_PROPERTIES).join(', ')}`);
    }
  }
  const builtIn = record.builtIn ?? 'keep';
  if (builtIn !== 'keep' && builtIn !== 'drop') throw new Error(`${where}.builtIn must be "keep" or "drop", not ${JSON.stringify(builtIn)}`);
  const tests = record.tests ?? 'follow';
  if (tests !== 'follow' && tests !== 'ignore') throw new Error(`${where}.tests must be "follow" or "ignore", not ${JSON.stringify(tests)}`);
  const clients = arrayOf(record.clients, `${where}.clients`).map((c, i) => client(c, `${where}.clients[${i}]`));
  const routes = arrayOf(record.routes, `${where}.routes`).map((r, i) => route(r, `${where}.routes[${i}]`));
  // `follow` is the default: written only when it is not, so that the options read as before.
  return { builtIn, clients, routes, ...(tests === 'ignore' ? { tests } : {}) };
}

function arrayOf(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${where} must be an array`);
  return value;
}

function objectOf(value: unknown, where: string, allowed: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} must be an object`);
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new Error(`${where}: unknown field "${key}"; the fields are ${allowed.join(', ')}`);
  }
  return value as Record<string, unknown>;
}

function client(value: unknown, where: string): ClientConfig {
  const record = objectOf(value, where, ['callee', 'url', 'appCode', 'body']);
  if (typeof record.callee !== 'string' || !/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(record.callee)) {
    throw new Error(`${where}.callee must be a function name or member path such as "api.request"`);
  }
  const index = (key: string): number | undefined => {
    const v = record[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new Error(`${where}.${key} must be an argument index (0, 1, ...)`);
    return v;
  };
  const url = index('url');
  const appCode = index('appCode');
  const body = index('body');
  if ((url === undefined) === (appCode === undefined)) {
    throw new Error(`${where} must give exactly one of "url" (the URL argument) or "appCode" (the app code argument)`);
  }
  return {
    callee: record.callee,
    ...(url === undefined ? {} : { url }),
    ...(appCode === undefined ? {} : { appCode }),
    ...(body === undefined ? {} : { body }),
  };
}

function route(value: unknown, where: string): RouteConfig {
  const record = objectOf(value, where, ['path', 'v3Path']);
  if (typeof record.path !== 'string' || record.path.split('{id}').length !== 2) {
    throw new Error(`${where}.path must be a path with exactly one "{id}", such as "/gateway/apps/{id}/assign"`);
  }
  if (record.v3Path !== undefined && typeof record.v3Path !== 'string') throw new Error(`${where}.v3Path must be a string path`);
  return { path: record.path, ...(typeof record.v3Path === 'string' ? { v3Path: record.v3Path } : {}) };
}
