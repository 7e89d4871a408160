/**
 * Matches a request to one of the server's routes. Paths are exact: a route is known by its literal segments,
 * with `{name}` segments captured percent-decoded. A known path asked with another method is a 405 (with
 * `Allow`), anything else a 404, so an application that calls a wrong URL fails loudly in a test.
 */
import type { IncomingMessage } from 'node:http';
import { HttpError, type Reply } from './http.js';
import type { ContractState } from './state.js';

export interface RequestContext {
  readonly req: IncomingMessage;
  /** The query string, decoded as HTML forms encode it. */
  readonly query: URLSearchParams;
  readonly params: Readonly<Record<string, string>>;
  readonly state: ContractState;
}

export interface Route {
  readonly method: 'GET' | 'POST';
  /** Literal segments and `{name}` parameters, e.g. `/platform/v1/apps/{id}/assign`. */
  readonly path: string;
  handle(context: RequestContext): Promise<Reply> | Reply;
}

export interface RouteMatch {
  readonly route: Route;
  readonly params: Readonly<Record<string, string>>;
}

export type Router = (method: string, pathname: string) => RouteMatch;

export function createRouter(routes: readonly Route[]): Router {
  const compiled = routes.map((route) => ({ route, segments: route.path.split('/') }));
  return (method, pathname) => {
    const segments = pathname.split('/');
    const candidates = compiled.flatMap(({ route, segments: pattern }) => {
      const params = matchSegments(pattern, segments);
      return params === undefined ? [] : [{ route, params }];
    });
    if (candidates.length === 0) {
      throw new HttpError(404, 'route_not_found', `No route ${pathname}.`);
    }
    // HEAD is GET without a body (Node leaves the body out by itself).
    const wanted = method === 'HEAD' ? 'GET' : method;
    const match = candidates.find((c) => c.route.method === wanted);
    if (match === undefined) {
      const allow = [...new Set(candidates.map((c) => c.route.method))].join(', ');
      throw new HttpError(405, 'method_not_allowed', `${pathname} takes ${allow}, not ${method}.`, { Allow: allow });
    }
    return { route: match.route, params: decodeParams(match.params) };
  };
}

function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, expected] of pattern.entries()) {
    const actual = segments[index] ?? '';
    const name = /^\{(\w+)\}$/.exec(expected)?.[1];
    if (name !== undefined) {
      // An empty segment (`/apps//assign`) is not a parameter value.
      if (actual === '') return undefined;
      params[name] = actual;
    } else if (actual !== expected) {
      return undefined;
    }
  }
  return params;
}

function decodeParams(raw: Readonly<Record<string, string>>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      throw new HttpError(400, 'invalid_path', `The path segment "${value}" is not valid percent-encoding.`);
    }
  }
  return decoded;
}
