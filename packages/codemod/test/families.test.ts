/**
 * Everyday client families, each run before and after `migrateText` against the contract server with the real
 * library: undici's `request` and a `Pool`'s `request({ path })` are rewritten and make the same assignment through
 * v3; node's `http.request` with the body written to the stream is left with a TODO that names node:http, and sends
 * exactly what it sent before.
 */
import { start, type Assignment, type ContractServer } from '@app-assignment/contract-server';
import { migrateText } from '@app-assignment/codemod';
import { execFile } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const execFileAsync = promisify(execFile);
const TOKEN = 'internal-token-7c1e9a4f';
/** This package's node_modules, which holds undici. */
const MODULES = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');

let server: ContractServer;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.close();
});

const meaning = ({ via: _via, ...rest }: Assignment) => rest;

/** Runs a module's `run(origin, token)` in its own Node process; its status and what it assigned. */
async function runModule(source: string): Promise<{ status: number; assignments: Assignment[] }> {
  const dir = makeTempDir('app-assignment-families-');
  symlinkSync(MODULES, join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'call.mjs'), source);
  writeFileSync(join(dir, 'main.mjs'),
    `import { run } from './call.mjs';\nconsole.log(JSON.stringify({ status: await run(${JSON.stringify(server.url)}, ${JSON.stringify(TOKEN)}) }));\n`);
  server.reset();
  const { stdout } = await execFileAsync(process.execPath, [join(dir, 'main.mjs')]);
  return { status: (JSON.parse(stdout.trim()) as { status: number }).status, assignments: server.assignments() };
}

async function expectSameAssignmentsThroughV3(source: string): Promise<string> {
  const result = migrateText(source, 'call.mjs');
  expect(result.sites.map((site) => [site.client, site.outcome, site.migrated]), result.output).toEqual([['undici', 'fix', true]]);
  expect(result.output).not.toContain('/platform/v1/apps');
  const before = await runModule(source);
  const after = await runModule(result.output);
  expect(before.status).toBeLessThan(300);
  expect(before.assignments.map((a) => a.via)).toEqual(['v1']);
  expect(after.assignments.map((a) => a.via)).toEqual(['v3']);
  expect(after.assignments.map(meaning)).toEqual(before.assignments.map(meaning));
  return result.output;
}

describe('undici', () => {
  it('request(url, { method, body }) is rewritten and assigns the same app through v3', async () => {
    const output = await expectSameAssignmentsThroughV3([
      "import { request } from 'undici';",
      'export async function run(origin, token) {',
      "  const code = 'harbor-booking';",
      '  const { statusCode, body } = await request(`${origin}/platform/v1/apps/${code}/assign`, {',
      "    method: 'POST',",
      "    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },",
      "    body: JSON.stringify({ directory_uid: 'dir_harbor', is_internal: 'true' }),",
      '  });',
      '  await body.dump();',
      '  return statusCode;',
      '}',
      '',
    ].join('\n'));
    expect(output).toContain('`${origin}/v3/apps/app_assignments`');
  });

  it("a Pool's request({ method, path, body }) is rewritten in its path and assigns the same app through v3", async () => {
    const output = await expectSameAssignmentsThroughV3([
      "import { Pool } from 'undici';",
      'export async function run(origin, token) {',
      '  const pool = new Pool(origin);',
      "  const { statusCode, body } = await pool.request({ method: 'POST', path: '/platform/v1/apps/harbor-reviews/assign',",
      "    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },",
      "    body: JSON.stringify({ business_uid: 'biz_harbor_yoga' }) });",
      '  await body.dump();',
      '  await pool.close();',
      '  return statusCode;',
      '}',
      '',
    ].join('\n'));
    expect(output).toContain("path: '/v3/apps/app_assignments'");
  });
});

describe("node's http.request", () => {
  it('is left with a TODO that names node:http, and sends what it sent before', async () => {
    const source = [
      "import http from 'node:http';",
      'export function run(origin, token) {',
      '  return new Promise((resolve, reject) => {',
      "    const req = http.request(`${origin}/platform/v1/apps/summit-classes/assign`, { method: 'POST',",
      "      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (res) => { res.resume(); resolve(res.statusCode); });",
      "    req.on('error', reject);",
      "    req.write(JSON.stringify({ directory_uid: 'dir_summit', pre_installed: 'true' }));",
      '    req.end();',
      '  });',
      '}',
      '',
    ].join('\n');
    const result = migrateText(source, 'call.mjs');
    expect(result.sites.map((site) => [site.outcome, site.migrated, site.reasons.map((r) => r.code)])).toEqual([['manual', false, ['client-not-rewritten']]]);
    expect(result.output).toContain('// TODO(app-assignment): the request is sent through http.request of node:http (its body is written to the request stream)');
    const before = await runModule(source);
    const after = await runModule(result.output);
    expect(before.status).toBeLessThan(300);
    expect(before.assignments.map((a) => a.via)).toEqual(['v1']);
    expect(after).toEqual(before);
  });
});
