/**
 * A body over the limit gets its answer: `fetch` sends 5 MB and reads the 413 JSON error. The server runs in its own
 * process (the CLI), as an application under test meets it: a server that closed the connection while the upload was
 * still running made `fetch` fail with a reset (EPIPE) instead of the answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, DRAIN_LIMIT_BYTES } from '../src/index.js';
import { DEPRECATED_PATH, errorCode, errorMessage, postJson, REPORT_PATH, toJsonResponse, TOKENS, V3_PATH } from './helpers.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const FIVE_MB = 5 * 1024 * 1024;

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${String(code)} before listening`)));
  });
});

afterAll(() => {
  child.kill();
});

const remote = { get url() { return url; } };

describe('a 5 MB body sent with fetch to a server in another process', () => {
  it('is over the limit and within what the server reads to the end before answering', () => {
    expect(FIVE_MB).toBeGreaterThan(BODY_LIMIT_BYTES);
    expect(FIVE_MB).toBeLessThan(DRAIN_LIMIT_BYTES);
  });

  it.each([
    ['the v3 operation', V3_PATH],
    ['the deprecated operation', DEPRECATED_PATH('harbor-booking')],
  ])('to %s gets 413 with the JSON error, every time', async (_label, path) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postJson(remote, path, 'x'.repeat(FIVE_MB), { token: TOKENS.internal });
      expect(response.status).toBe(413);
      expect(errorCode(response)).toBe('body_too_large');
      expect(errorMessage(response)).toContain(String(BODY_LIMIT_BYTES));
    }
  });

  it('streamed without an announced length (chunked), gets the 413 JSON error', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x78);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < FIVE_MB; sent += chunk.length) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await toJsonResponse(
      await fetch(url + V3_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKENS.internal}` },
        body,
        duplex: 'half',
      }),
    );
    expect(response.status).toBe(413);
    expect(errorCode(response)).toBe('body_too_large');
  });

  it('refused before the body is read (no credentials; the report takes GET) still gets its JSON answer', async () => {
    const noToken = await postJson(remote, V3_PATH, 'x'.repeat(FIVE_MB));
    expect(noToken.status).toBe(401);
    expect(errorCode(noToken)).toBe('missing_credentials');
    const report = await postJson(remote, REPORT_PATH, 'x'.repeat(FIVE_MB), { token: TOKENS.internal });
    expect(report.status).toBe(405);
    expect(errorCode(report)).toBe('method_not_allowed');
  });

  it('leaves the server answering: the report still carries both sms_balance keys', async () => {
    const response = await toJsonResponse(
      await fetch(`${url}${REPORT_PATH}?email=${encodeURIComponent('maya.lindqvist+studio@harboryoga.example')}`, {
        headers: { authorization: `Token token="${TOKENS.partner}"` },
      }),
    );
    expect(response.status).toBe(200);
    const record = response.json as Record<string, unknown>;
    expect(typeof record.sms_balance).toBe('number');
    expect(record['sms_balance:']).toBe(record.sms_balance);
  });
});
