/**
 * The HTTP plumbing every route shares: errors as JSON, replies, and reading a JSON body without trusting it.
 * The server is fed whatever an application under test sends, including the mistakes a migration can introduce,
 * so no input may crash it or make it buffer without bound.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPlainObject } from './seed.js';

/** Bodies above this are refused with 413; every valid request of the API is a few hundred bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * A refused request's remaining body is read and thrown away up to this size before the answer is sent. A client
 * that is still uploading when the server closes the connection gets a reset instead of the answer (the kernel
 * resets a socket closed with unread data), so it could not tell what happened. Past this size, or when the client
 * stops sending for `DRAIN_IDLE_MS`, the server answers at once and closes.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
export const DRAIN_IDLE_MS = 500;

/** An error the client caused (or a 500); becomes `{ "error": { "code", "message" } }`. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, code: string, message: string, headers: Readonly<Record<string, string>> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** What a route handler answers when it succeeds. `body` is serialized as JSON unless it is undefined. */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (text !== '') {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(text));
  }
  res.end(text);
}

export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, { error: { code: error.code, message: error.message } }, error.headers);
}

/**
 * Reads the request body as a JSON object. In order: 415 unless the content type is JSON, 413 past the limit
 * (announced or actual), 400 unless it is UTF-8 JSON, 422 unless that JSON is an object.
 */
export async function readJsonObject(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Record<string, unknown>> {
  requireJsonContentType(req);
  const text = utf8(await readBodyBytes(req, limit), 'invalid_json');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    const message =
      text.trim() === '' ? 'The body is empty; send a JSON object.' : `The body is not valid JSON${detail}.`;
    throw new HttpError(400, 'invalid_json', message);
  }
  if (!isPlainObject(value)) {
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new HttpError(422, 'body_not_object', `The body must be a JSON object, not ${what}.`);
  }
  return value;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Reads the body of a deprecated operation: a JSON object, or the same keys as a form (`business_uid=...`), which
 * the deprecated endpoint takes too (decisions.md: a form body with static keys migrates to the same v3 body). A
 * form's values are strings; a key sent twice is refused (400), since which one counts is not the document's to say.
 */
export async function readJsonOrFormObject(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const [mediaType = ''] = (req.headers['content-type'] ?? '').split(';');
  if (mediaType.trim().toLowerCase() !== FORM_TYPE) return readJsonObject(req, limit);
  requireIdentityEncoding(req);
  const form = new URLSearchParams(utf8(await readBodyBytes(req, limit), 'invalid_form'));
  const body: Record<string, string> = {};
  for (const [key, value] of form) {
    if (Object.hasOwn(body, key)) throw new HttpError(400, 'invalid_form', `The form sends ${key} more than once.`);
    body[key] = value;
  }
  return body;
}

function utf8(bytes: Buffer, code: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, code, 'The body is not valid UTF-8.');
  }
}

function requireJsonContentType(req: IncomingMessage): void {
  const header = req.headers['content-type'];
  const expected = 'Send the body as JSON with the header Content-Type: application/json.';
  if (header === undefined || header.trim() === '') {
    throw new HttpError(415, 'unsupported_media_type', `The request has no Content-Type. ${expected}`);
  }
  const [mediaType = '', ...parameters] = header.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') {
    throw new HttpError(415, 'unsupported_media_type', `Content-Type ${mediaType.trim()} is not accepted. ${expected}`);
  }
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (name.trim().toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8') {
      throw new HttpError(415, 'unsupported_media_type', `Charset ${charset} is not accepted; JSON is sent as UTF-8.`);
    }
  }
  requireIdentityEncoding(req);
}

function requireIdentityEncoding(req: IncomingMessage): void {
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Content-Encoding ${encoding} is not accepted; send the body uncompressed.`,
    );
  }
}

/** Stops reading as soon as the body is known to exceed the limit, and then closes the connection. */
function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (): HttpError =>
    new HttpError(413, 'body_too_large', `The body is larger than the limit of ${limit} bytes.`, {
      // The rest of the body is discarded, never parsed: the connection does not carry another request.
      Connection: 'close',
    });
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) return Promise.reject(tooLarge());

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(new HttpError(400, 'body_unreadable', `The body could not be read: ${error.message}`));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * Reads and discards what is left of a request body (see `DRAIN_LIMIT_BYTES`). Resolves true when the whole body was
 * read, so the answer reaches a client that was still sending; false when the body is too large to wait for or the
 * client went quiet, and the connection must be closed.
 */
export function discardRest(req: IncomingMessage, limit = DRAIN_LIMIT_BYTES, idleMs = DRAIN_IDLE_MS): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) return Promise.resolve(false);
  return new Promise((resolve) => {
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (complete: boolean): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (!complete) req.pause();
      resolve(complete);
    };
    const idle = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), idleMs);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) finish(false);
      else idle();
    };
    const onEnd = (): void => finish(true);
    const onError = (): void => finish(false);
    const onClose = (): void => finish(req.complete);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
    idle();
    req.resume();
  });
}
