/** What a recognized mock or assertion of the deprecated request is, for the planner and the front ends. */
import type { TSESTree } from '@typescript-eslint/types';
import type { BodyRead } from '../recognize/body.js';
import type { SourceContext } from '../facts/context.js';
import type { MockRoute } from './route.js';

/**
 * The library a mock is written with; `assertion` for `expect(client).toHaveBeenCalledWith(...)`, `stub` for a function
 * of the test runner that answers by the URL it is given (`vi.fn(async (url) => …)`).
 */
export type MockLibrary = 'msw' | 'nock' | 'axios-mock-adapter' | 'fetch-mock' | 'assertion' | 'stub';

/** Where a handler reads an assignee key of the request's JSON body (`body.business_uid`): the key's name. */
export interface BodyKeyRead {
  readonly key: 'business_uid' | 'directory_uid';
  readonly range: readonly [number, number];
}

/** Where a handler compares a flag of the request's JSON body with "true": the flag's name. */
export interface FlagKeyRead {
  readonly key: 'is_internal' | 'pre_installed';
}

/** One edit of a handler that goes with its route: the v3 form of what it reads, or of a type it declares. */
export interface ResolverEdit {
  readonly range: readonly [number, number];
  readonly text: string;
}

export interface MockSite {
  /** The call that names the route (`http.post(...)`, `scope.post(...)`, `expect(...).toHaveBeenCalledWith(...)`). */
  readonly node: TSESTree.CallExpression;
  readonly ctx: SourceContext;
  readonly library: MockLibrary;
  readonly route: MockRoute;
  /** The body the mock matches or asserts; absent when it matches any body. */
  readonly body?: BodyRead;
  /** What a handler reads of the request it answers (`params`, `request`): it would read the old shape. */
  readonly reads: readonly string[];
  /**
   * The assignee keys a handler reads of the request's JSON body; each becomes `assignee_uid` when every call the
   * handler stands for sends that key (settle.ts).
   */
  readonly bodyReads?: readonly BodyKeyRead[];
  /**
   * The flags a handler compares with "true"; each comparison becomes one of the v3 mode when every call the handler
   * stands for sends that flag as a static string or not at all (settle.ts).
   */
  readonly flagReads?: readonly FlagKeyRead[];
  /**
   * The assignee keys a handler tests with `in` (`'business_uid' in body`), each rewritten to ask the assignee type:
   * the same question only when every call the handler stands for sends that key with a string, or not at all
   * (settle.ts).
   */
  readonly keyTests?: readonly BodyKeyRead['key'][];
  /** The edits of the handler that make it read the v3 request (flags, the app code, its types); made with the route. */
  readonly resolverEdits?: readonly ResolverEdit[];
  /**
   * A matcher function of the body (nock, axios-mock-adapter): its one edit (`resolverEdits`) holds every mapped read
   * (`bodyReads` only say what every call must send) and asks the app code the route named.
   */
  readonly checksAppCode?: true;
  /**
   * The mock matches or asserts the request's headers (nock's `.matchHeader(...)` or `reqheaders`, an assertion's
   * options or config, axios-mock-adapter's headers, fetch-mock's `headers`): a call whose rewrite changes its
   * content type (a form sent as JSON) would no longer match (settle.ts).
   */
  readonly checksHeaders?: true;
  /**
   * nock's scope rewrites the request before this interceptor matches it (`.filteringPath(...)`,
   * `.filteringRequestBody(...)`, by name): the route and body it names are not what it compares, so it may stand for
   * any call, and what the filter does to the v3 request is not known.
   */
  readonly filter?: string;
  /** Requests replayed from a recording (`nock.back('name.json')`, as written): the route and body are not read. */
  readonly recording?: string;
  /** An msw resolver that may return nothing: msw passes those requests on to the next handler. */
  readonly fallsThrough?: true;
  /** An msw resolver that reads the request it is given: its body, maybe (which can be read once). */
  readonly readsRequest?: true;
  /**
   * The read of the route's app code (`params.id`) that the rewrite reads from a read of the body it adds: it fails
   * when a handler msw runs first has read the body and fallen through (settle.ts).
   */
  readonly addsBodyRead?: string;
  /**
   * An assertion of what a mock recorded (`expect(fetchMock.mock.calls[0][0]).toBe(<the deprecated URL>)`), named as
   * it is read: never rewritten, it keeps the calls it stands for.
   */
  readonly recorded?: string;
  /**
   * An assertion of nock's interceptor list that names the deprecated route by the key of the one interceptor its test
   * sets (`expect(nock.pendingMocks()).toEqual(['POST http://api.test:80/platform/v1/apps/crm/assign'])`): the edits
   * that make it name the key that interceptor has once it moves to v3. Rewritten with its calls and their interceptor.
   */
  readonly interceptorKeys?: readonly ResolverEdit[];
  /** `expect(...).not.toHaveBeenCalledWith(...)`: it says the request is not sent, and holds no call. */
  readonly negated?: true;
  /** The mock declares a type for the request body (`http.post<Params, LegacyBody>(...)`): it describes the old body. */
  readonly typed?: true;
}
