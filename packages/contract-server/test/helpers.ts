/**
 * Shared by the contract-server tests: the default seed's names, and small wrappers over the real `fetch`.
 *
 * The tests write the API's wire names ("business_uid", "/v3/apps/app_assignments", ...) literally instead of
 * importing them from core: the server builds its requests from core's constants, so a test that used the same
 * constants could not notice a constant that disagrees with the document.
 */
import { type ContractServer, type Seed, start } from '../src/index.js';

export const TOKENS = {
  internal: 'internal-token-7c1e9a4f',
  harbor: 'directory-token-harbor-3b8d52',
  summit: 'directory-token-summit-9f06e1',
  partner: 'partner-api-key-5d2a7e',
} as const;

export const DEPRECATED_PATH = (id: string): string => `/platform/v1/apps/${id}/assign`;
export const V3_PATH = '/v3/apps/app_assignments';
export const REPORT_PATH = '/v1/partners/reports/business';

export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body, or undefined when it is empty. */
  readonly json: unknown;
}

export interface PostOptions {
  /** A bearer token; use `authorization` for any other header value. */
  readonly token?: string;
  readonly authorization?: string;
  readonly contentType?: string | null;
  readonly headers?: Record<string, string>;
}

/** POSTs `body` as JSON (a string is sent as is, so malformed JSON can be sent too). */
export async function postJson(
  server: Pick<ContractServer, 'url'>,
  path: string,
  body: unknown,
  options: PostOptions = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
  const authorization = options.authorization ?? (options.token === undefined ? undefined : `Bearer ${options.token}`);
  if (authorization !== undefined) headers['authorization'] = authorization;
  // Bytes, not a string: fetch adds "text/plain" to a string body that has no content type of its own.
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return toJsonResponse(
    await fetch(server.url + path, { method: 'POST', headers, body: new TextEncoder().encode(text) }),
  );
}

export async function getReport(server: ContractServer, query: string, authorization?: string): Promise<JsonResponse> {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  return toJsonResponse(await fetch(`${server.url}${REPORT_PATH}${query}`, { headers }));
}

export async function toJsonResponse(response: Response): Promise<JsonResponse> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

/** The error code of a JSON error response, checking the documented shape on the way. */
export function errorCode(response: JsonResponse): string {
  const body = response.json as { error?: { code?: unknown; message?: unknown } } | undefined;
  if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string' || body.error.message === '') {
    throw new Error(`not an error response: ${response.status} ${response.text}`);
  }
  if (!response.headers.get('content-type')?.startsWith('application/json')) {
    throw new Error(`error response without a JSON content type: ${response.headers.get('content-type') ?? 'none'}`);
  }
  return body.error.code;
}

export function errorMessage(response: JsonResponse): string {
  errorCode(response);
  return (response.json as { error: { message: string } }).error.message;
}

export function startServer(seed?: Seed): Promise<ContractServer> {
  return start(seed === undefined ? {} : { seed });
}
