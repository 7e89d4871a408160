/**
 * Starts the contract server: node:http and nothing else, so the end-to-end tests exercise a real network
 * server, and an application under test can point its base URL at it like at the real service.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { discardRest, HttpError, sendError, sendJson } from './http.js';
import { createRouter, type Router } from './router.js';
import { assignDeprecatedRoute } from './routes/assign-deprecated.js';
import { assignV3Route } from './routes/assign-v3.js';
import { assignmentsRoute, resetRoute } from './routes/contract-helpers.js';
import { reportRoute } from './routes/report.js';
import { defaultSeed, type Seed, validateSeed } from './seed.js';
import { type Assignment, ContractState } from './state.js';

export interface StartOptions {
  /** 0 (the default) asks the system for a free port; read the one chosen from the result. */
  readonly port?: number;
  /** Loopback by default, so that a test run never exposes the server to the network. */
  readonly host?: string;
  /** Validated before the server listens; the bundled default seed when omitted. */
  readonly seed?: Seed;
}

export interface ContractServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  readonly port: number;
  /** The stored assignments, oldest first (copies). */
  assignments(): Assignment[];
  /** Forgets every assignment: back to the seed. */
  reset(): void;
  /** Stops listening and closes open connections, keep-alive ones included. Safe to call twice. */
  close(): Promise<void>;
}

const ROUTES = [assignDeprecatedRoute, assignV3Route, reportRoute, assignmentsRoute, resetRoute];

export async function start(options: StartOptions = {}): Promise<ContractServer> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`port must be an integer from 0 to 65535, not ${String(port)}`);
  }
  const host = options.host ?? '127.0.0.1';
  const state = new ContractState(options.seed === undefined ? defaultSeed() : validateSeed(options.seed));
  const router = createRouter(ROUTES);

  const server = createServer((req, res) => {
    void handleRequest(req, res, router, state);
  });
  server.on('clientError', answerMalformedRequest);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const actualPort = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    assignments: () => state.assignments(),
    reset: () => state.reset(),
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  router: Router,
  state: ContractState,
): Promise<void> {
  try {
    // The raw target, not a parsed URL: paths must match exactly, without dot-segment or double-slash rewriting.
    const target = req.url ?? '/';
    const queryStart = target.indexOf('?');
    const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
    const query = new URLSearchParams(queryStart === -1 ? '' : target.slice(queryStart + 1));
    const { route, params } = router(req.method ?? '', pathname);
    const reply = await route.handle({ req, query, params, state });
    sendJson(res, reply.status, reply.body);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The request failed before its body was read to the end. Answering while the client still uploads, then
    // closing, makes the client see a reset instead of the answer; so the rest is read and discarded first, up to a
    // bound. A body too large to wait for is not read: the answer goes out at once and the connection closes.
    if (!req.complete && !(await discardRest(req))) {
      res.setHeader('Connection', 'close');
    }
    if (res.headersSent || res.destroyed) return;
    if (error instanceof HttpError) {
      sendError(res, error);
      return;
    }
    // A bug in the server must not take it down in the middle of someone else's test run; it says what failed.
    const detail = error instanceof Error ? error.message : String(error);
    sendError(res, new HttpError(500, 'internal_error', `The contract server failed: ${detail}`));
  }
}

/** Node's default for unparsable HTTP is a bare 400; this one keeps the JSON error shape where it still can. */
function answerMalformedRequest(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  const body = JSON.stringify({
    error: {
      code: status === 431 ? 'headers_too_large' : 'malformed_request',
      message: 'The request is not valid HTTP.',
    },
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
