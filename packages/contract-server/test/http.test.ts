import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, type ContractServer, start } from '../src/index.js';
import {
  DEPRECATED_PATH,
  errorCode,
  errorMessage,
  postJson,
  startServer,
  toJsonResponse,
  TOKENS,
  V3_PATH,
} from './helpers.js';

let server: ContractServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const validV3 = { assignee_type: 'directory', assignee_uid: 'dir_harbor', app_code_name: 'harbor-booking' };
const bothRoutes = [
  ['the deprecated operation', DEPRECATED_PATH('harbor-booking')],
  ['the v3 operation', V3_PATH],
] as const;

/** Sends raw bytes over a socket and collects everything the server sends until it closes the connection. */
function rawExchange(port: number, send: (socket: ReturnType<typeof connect>) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    // The server may reset a connection whose upload it refused; what it sent before is what the test checks.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('connect', () => send(socket));
  });
}

describe('routes', () => {
  it.each([
    ['/'],
    ['/nope'],
    ['/v3/apps/app_assignments/'],
    ['/api/v3/apps/app_assignments'],
    ['/platform/v1/apps/harbor-booking/assign/'],
    ['/platform/v1/apps//assign'],
    ['/platform/v1/apps/harbor-booking/unassign'],
    ['/platform/v1/apps/harbor-booking/install_app'],
    ['/V3/apps/app_assignments'],
  ])('answers 404 with a JSON error for %s', async (path) => {
    const response = await postJson(server, path, validV3, { token: TOKENS.internal });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('route_not_found');
  });

  it('matches the path as sent, without resolving dot segments (fetch would resolve them itself)', async () => {
    const received = await rawExchange(server.port, (socket) =>
      socket.write(
        'GET /v1/partners/../partners/reports/business HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      ),
    );
    expect(received).toMatch(/^HTTP\/1\.1 404 /);
    expect(received).toContain('"code":"route_not_found"');
  });

  it.each([
    ['GET', V3_PATH, 'POST'],
    ['PUT', V3_PATH, 'POST'],
    ['DELETE', DEPRECATED_PATH('harbor-booking'), 'POST'],
    ['GET', DEPRECATED_PATH('harbor-booking'), 'POST'],
    ['PATCH', '/v1/partners/reports/business', 'GET'],
    ['POST', '/__contract/assignments', 'GET'],
    ['GET', '/__contract/reset', 'POST'],
  ])('answers 405 to %s %s, with Allow: %s', async (method, path, allow) => {
    const response = await toJsonResponse(await fetch(server.url + path, { method }));
    expect(response.status).toBe(405);
    expect(errorCode(response)).toBe('method_not_allowed');
    expect(response.headers.get('allow')).toBe(allow);
  });
});

describe.each(bothRoutes)('malformed input to %s', (_label, path) => {
  it('answers 400 to malformed JSON', async () => {
    const response = await postJson(server, path, '{"directory_uid": "dir_harbor",', { token: TOKENS.internal });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_json');
  });

  it('answers 400 to an empty body', async () => {
    const response = await postJson(server, path, '', { token: TOKENS.internal });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_json');
  });

  it('answers 400 to a body that is not UTF-8', async () => {
    const response = await toJsonResponse(
      await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.internal}` },
        body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      }),
    );
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_json');
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"dir_harbor"'],
    ['true', 'true'],
  ])('answers 422 to JSON that is %s, not an object', async (_what, text) => {
    const response = await postJson(server, path, text, { token: TOKENS.internal });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('body_not_object');
  });

  it.each([
    ['no content type', null],
    ['text/plain', 'text/plain'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['a JSON look-alike', 'application/jsonp'],
    ['a non-UTF-8 charset', 'application/json; charset=latin1'],
  ])('answers 415 to %s', async (_label, contentType) => {
    const response = await postJson(server, path, validV3, { token: TOKENS.internal, contentType });
    expect(response.status).toBe(415);
    expect(errorCode(response)).toBe('unsupported_media_type');
  });

  it('answers 415 to a compressed body', async () => {
    const response = await postJson(server, path, validV3, {
      token: TOKENS.internal,
      headers: { 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(415);
    expect(errorCode(response)).toBe('unsupported_media_type');
  });

  it('accepts application/json with a UTF-8 charset, in any case', async () => {
    const body = path === V3_PATH ? validV3 : { directory_uid: 'dir_harbor' };
    const response = await postJson(server, path, body, {
      token: TOKENS.internal,
      contentType: 'Application/JSON; Charset="UTF-8"',
    });
    expect(response.status).toBeLessThan(300);
  });

  it('answers 413 to a body whose announced length is over the limit, and stays up', async () => {
    const response = await postJson(
      server,
      path,
      { padding: 'x'.repeat(BODY_LIMIT_BYTES) },
      { token: TOKENS.internal },
    );
    expect(response.status).toBe(413);
    expect(errorCode(response)).toBe('body_too_large');
    const after = await postJson(server, V3_PATH, validV3, { token: TOKENS.internal });
    expect(after.status).toBe(201);
  });

  it('answers 413 to a multi-megabyte body', async () => {
    const response = await postJson(server, path, 'x'.repeat(8 * 1024 * 1024), { token: TOKENS.internal });
    expect(response.status).toBe(413);
  });
});

describe('form bodies', () => {
  const form = 'application/x-www-form-urlencoded';

  it('answers 415 to a form on the v3 operation: its body is JSON only', async () => {
    const response = await postJson(server, V3_PATH, new URLSearchParams(validV3).toString(), { token: TOKENS.internal, contentType: form });
    expect(response.status).toBe(415);
    expect(errorCode(response)).toBe('unsupported_media_type');
  });

  it('takes the deprecated body as a form, with the same meaning as its JSON', async () => {
    const path = DEPRECATED_PATH('harbor-booking');
    const asForm = await postJson(server, path, 'directory_uid=dir_harbor&is_internal=true', { token: TOKENS.internal, contentType: `${form}; charset=UTF-8` });
    expect(asForm.status).toBe(200);
    server.reset();
    const asJson = await postJson(server, path, { directory_uid: 'dir_harbor', is_internal: 'true' }, { token: TOKENS.internal });
    expect(asForm.json).toEqual(asJson.json);
  });

  it('answers 400 to a form that sends a key twice', async () => {
    const path = DEPRECATED_PATH('harbor-booking');
    const response = await postJson(server, path, 'directory_uid=dir_harbor&directory_uid=dir_other', { token: TOKENS.internal, contentType: form });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_form');
  });

  it('answers 415 to a compressed form', async () => {
    const response = await postJson(server, DEPRECATED_PATH('harbor-booking'), 'directory_uid=dir_harbor', {
      token: TOKENS.internal, contentType: form, headers: { 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(415);
  });
});

describe('the body limit', () => {
  it(`is ${BODY_LIMIT_BYTES} bytes: a body of exactly that size is read`, async () => {
    const text = JSON.stringify(validV3);
    const padded = text + ' '.repeat(BODY_LIMIT_BYTES - text.length);
    const response = await postJson(server, V3_PATH, padded, { token: TOKENS.internal });
    expect(response.status).toBe(201);
  });

  it('stops reading a chunked body past the limit: answers 413 and closes while the client is still sending', async () => {
    const received = await rawExchange(server.port, (socket) => {
      socket.write(
        `POST ${V3_PATH} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKENS.internal}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      const chunk = 'x'.repeat(16 * 1024);
      // More than the limit, and never the final chunk: a server that waited for the end would never answer.
      for (let i = 0; i < 6; i += 1) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    });
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(received).toContain('"code":"body_too_large"');
    expect(server.assignments()).toEqual([]);
  });

  it('refuses an announced length over the limit without waiting for the body', async () => {
    const received = await rawExchange(server.port, (socket) => {
      socket.write(
        `POST ${V3_PATH} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKENS.internal}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n{`,
      );
    });
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('a request refused before its body is read', () => {
  it('closes the connection instead of reading the rest of a huge body', async () => {
    const received = await rawExchange(server.port, (socket) => {
      socket.write(
        `POST ${V3_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${100 * 1024 * 1024}\r\n\r\n{"assignee_type":`,
      );
    });
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received.toLowerCase()).toContain('connection: close');
  });
});

describe('broken connections and broken HTTP', () => {
  it('answers 400 with a JSON error to a request that is not HTTP', async () => {
    const received = await rawExchange(server.port, (socket) => socket.write('HELLO THERE\r\n\r\n'));
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).toContain('"code":"malformed_request"');
  });

  it('answers 431 with a JSON error to headers over the limit', async () => {
    const received = await rawExchange(server.port, (socket) =>
      socket.write(
        `GET /__contract/assignments HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
      ),
    );
    expect(received).toMatch(/^HTTP\/1\.1 431 /);
    expect(received).toContain('"code":"headers_too_large"');
  });

  it('survives a client that disconnects in the middle of a body', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(
          `POST ${V3_PATH} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKENS.internal}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"assignee_type":',
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
    });
    const response = await postJson(server, V3_PATH, validV3, { token: TOKENS.internal });
    expect(response.status).toBe(201);
  });

  it('answers many concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(server, V3_PATH, i % 2 === 0 ? validV3 : '{bad', { token: TOKENS.internal }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([
      ...Array.from({ length: 20 }, () => 201),
      ...Array.from({ length: 20 }, () => 400),
    ]);
    expect(server.assignments()).toHaveLength(1);
  });
});

describe('error bodies', () => {
  it('have the shape { error: { code, message } } and nothing else', async () => {
    const response = await postJson(server, V3_PATH, { ...validV3, extra: 1 }, { token: TOKENS.internal });
    const body = response.json as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(body.error)).toEqual(['code', 'message']);
    expect(body.error['code']).toBe('unknown_field');
    expect(errorMessage(response)).toContain('extra');
  });
});

describe('the contract helper routes', () => {
  it('GET /__contract/assignments lists the stored assignments in order', async () => {
    await postJson(server, V3_PATH, validV3, { token: TOKENS.internal });
    await postJson(
      server,
      DEPRECATED_PATH('summit-classes'),
      { business_uid: 'biz_summit_climb' },
      { token: TOKENS.internal },
    );
    const response = await toJsonResponse(await fetch(`${server.url}/__contract/assignments`));
    expect(response.status).toBe(200);
    expect(response.json).toEqual(server.assignments());
    expect((response.json as { via: string }[]).map((a) => a.via)).toEqual(['v3', 'v1']);
  });

  it('POST /__contract/reset forgets every assignment and answers 204', async () => {
    await postJson(server, V3_PATH, validV3, { token: TOKENS.internal });
    const response = await fetch(`${server.url}/__contract/reset`, { method: 'POST' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(server.assignments()).toEqual([]);
  });

  it('assignments() returns copies that cannot change what the server holds', async () => {
    await postJson(server, V3_PATH, validV3, { token: TOKENS.internal });
    const list = server.assignments();
    list.pop();
    expect(server.assignments()).toHaveLength(1);
  });
});

describe('start() and close()', () => {
  it('listens on 127.0.0.1 and an ephemeral port by default', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('gives each server its own state', async () => {
    const other = await start();
    try {
      await postJson(other, V3_PATH, validV3, { token: TOKENS.internal });
      expect(other.assignments()).toHaveLength(1);
      expect(server.assignments()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('closes with keep-alive connections open, and may be closed twice', async () => {
    const other = await start();
    await postJson(other, V3_PATH, validV3, { token: TOKENS.internal });
    await other.close();
    await other.close();
    await expect(fetch(`${other.url}/__contract/assignments`)).rejects.toThrow();
  });

  it.each([-1, 65536, 1.5, Number.NaN])('rejects the port %s', async (port) => {
    await expect(start({ port })).rejects.toThrow(RangeError);
  });

  it('rejects a port that is taken', async () => {
    await expect(start({ port: server.port })).rejects.toThrow(/EADDRINUSE/);
  });
});
