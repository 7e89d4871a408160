/**
 * `/platform/v1` in a base: the client behaviour the rewrites rely on, shown with the real client library against the
 * contract server, and each rewrite run before and after against it.
 *
 * - axios (the version the sample app installs) sends an absolute URL without its `baseURL`; with
 *   `allowAbsoluteUrls: false` it joins even an absolute URL to the base, which is why that instance is refused.
 * - A base const that only the call uses loses its `/platform/v1`: plain string joining, for any client.
 */
import { start, type Assignment, type ContractServer } from '@app-assignment/contract-server';
import { migrateText } from '@app-assignment/codemod';
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, SAMPLE_APP } from '../../../scripts/lib/proof.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const execFileAsync = promisify(execFile);
const TOKEN = 'internal-token-7c1e9a4f';
const requireFromApp = createRequire(join(SAMPLE_APP, 'package.json'));

interface AxiosResponse { status: number }
interface AxiosInstance { post(url: string, data: unknown): Promise<AxiosResponse> }
interface AxiosStatic { create(config: Record<string, unknown>): AxiosInstance; VERSION: string }
const axios = requireFromApp('axios') as AxiosStatic;

let server: ContractServer;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.close();
});

/** What an assignment means, without the route that made it. */
const meaning = ({ via: _via, ...rest }: Assignment) => rest;

/** Runs a module's `run()` in its own Node process beside the sample app's clients; its status and what it assigned. */
async function runModule(source: string): Promise<{ status: number; assignments: Assignment[] }> {
  const dir = makeTempDir('app-assignment-bases-');
  symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'call.mjs'), source);
  writeFileSync(join(dir, 'main.mjs'), "import { run } from './call.mjs';\nconsole.log(JSON.stringify({ status: await run() }));\n");
  server.reset();
  const { stdout } = await execFileAsync(process.execPath, [join(dir, 'main.mjs')]);
  return { status: (JSON.parse(stdout.trim()) as { status: number }).status, assignments: server.assignments() };
}

/** Migrates a source, expects one exact rewrite, and runs both: the same assignment, made through v3 after. */
async function expectSameAssignmentsThroughV3(source: string): Promise<string> {
  const result = migrateText(source, 'call.mjs');
  expect(result.sites.map((site) => [site.outcome, site.migrated]), result.output).toEqual([['fix', true]]);
  expect(result.output).not.toContain('/platform/v1/apps');
  const before = await runModule(source);
  const after = await runModule(result.output);
  expect(before.assignments.length).toBe(1);
  expect(before.assignments.map((a) => a.via)).not.toContain('v3');
  expect(after.assignments.map((a) => a.via)).toEqual(['v3']);
  expect(after.assignments.map(meaning)).toEqual(before.assignments.map(meaning));
  return result.output;
}

describe('axios: an absolute URL is sent without the baseURL', () => {
  const v3Body = { assignee_type: 'directory', assignee_uid: 'dir_harbor', app_code_name: 'harbor-booking', settings: { assignment_mode: 'internal' } };

  it(`the installed axios (${axios.VERSION}) ignores baseURL for an absolute URL`, async () => {
    server.reset();
    const platform = axios.create({ baseURL: `${server.url}/platform/v1`, headers: { Authorization: `Bearer ${TOKEN}` }, validateStatus: () => true });
    const response = await platform.post(`${server.url}/v3/apps/app_assignments`, v3Body);
    expect(response.status).toBeLessThan(300);
    expect(server.assignments().map((a) => [a.app_code_name, a.via])).toEqual([['harbor-booking', 'v3']]);
  });

  it('with allowAbsoluteUrls: false it joins the absolute URL to the base, so no absolute URL can leave it', async () => {
    server.reset();
    const platform = axios.create({
      baseURL: `${server.url}/platform/v1`,
      allowAbsoluteUrls: false,
      headers: { Authorization: `Bearer ${TOKEN}` },
      validateStatus: () => true,
    });
    const response = await platform.post(`${server.url}/v3/apps/app_assignments`, v3Body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(server.assignments()).toEqual([]);
    const result = migrateText(`import axios from 'axios';
const platform = axios.create({ baseURL: '${server.url}/platform/v1', allowAbsoluteUrls: false });
export const run = () => platform.post('/apps/harbor-booking/assign', { directory_uid: 'dir_harbor', is_internal: 'true' });
`, 'call.mjs');
    expect(result.sites.map((site) => [site.migrated, site.reasons.map((r) => r.code)])).toEqual([[false, ['url-prefix-in-base']]]);
    expect(result.sites[0]!.reason).toContain(`point the call at ${server.url}/v3/apps/app_assignments`);
  });

  it('an instance whose static baseURL ends in /platform/v1: the rewritten call makes the same assignment through v3', async () => {
    const output = await expectSameAssignmentsThroughV3(`import axios from 'axios';

const platform = axios.create({
  baseURL: '${server.url}/platform/v1',
  headers: { Authorization: 'Bearer ${TOKEN}' },
  validateStatus: () => true,
});

export async function run() {
  const code = 'harbor-booking';
  const response = await platform.post(\`/apps/\${code}/assign\`, { directory_uid: 'dir_harbor', is_internal: 'true' });
  return response.status;
}

export const listApps = () => platform.get('/apps');
`);
    expect(output).toContain(`platform.post(\`${server.url}/v3/apps/app_assignments\`, `);
    expect(output).toContain(`baseURL: '${server.url}/platform/v1'`);
  });
});

describe('a base const that only this call uses', () => {
  it('loses /platform/v1; the call names v3/apps/app_assignments: the same assignment through v3 (fetch)', async () => {
    const output = await expectSameAssignmentsThroughV3(`const HOST = '${server.url}';
const PLATFORM_V1 = \`\${HOST}/platform/v1/\`;
const APPS = { reviews: 'harbor-reviews' };

export async function run() {
  const response = await fetch(\`\${PLATFORM_V1}apps/\${APPS.reviews}/assign\`, {
    method: 'POST',
    headers: { Authorization: 'Bearer ${TOKEN}', 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: 'biz_harbor_yoga' }),
  });
  return response.status;
}
`);
    expect(output).toContain('const PLATFORM_V1 = `${HOST}/`;');
    expect(output).toContain('fetch(`${PLATFORM_V1}v3/apps/app_assignments`, {');
    expect(output).toContain('app_code_name: APPS.reviews');
  });

  it('a const map member as the app code, through axios, with the base const joined by +', async () => {
    const output = await expectSameAssignmentsThroughV3(`import axios from 'axios';
const PLATFORM = '${server.url}/platform/v1';
const APPS = { classes: 'summit-classes' };

export async function run() {
  const response = await axios.post(PLATFORM + '/apps/' + APPS.classes + '/assign', { business_uid: 'biz_summit_pilates' }, {
    headers: { Authorization: 'Bearer ${TOKEN}' },
    validateStatus: () => true,
  });
  return response.status;
}
`);
    expect(output).toContain(`const PLATFORM = '${server.url}';`);
    expect(output).toContain("axios.post(PLATFORM + '/v3/apps/app_assignments', ");
  });
});

describe('project mode: an axios instance another module makes', () => {
  it('with a static baseURL ending in /platform/v1: the call in the importing module gets the absolute v3 URL, and assigns the same', async () => {
    const dir = makeTempDir('app-assignment-bases-project-');
    symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'package.json'), '{ "name": "p", "private": true, "type": "module" }\n');
    writeFileSync(join(dir, 'jsconfig.json'), '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext" }, "include": ["src"] }\n');
    writeFileSync(join(dir, 'src', 'http.mjs'), `import axios from 'axios';
export const platform = axios.create({ baseURL: '${server.url}/platform/v1', headers: { Authorization: 'Bearer ${TOKEN}' }, validateStatus: () => true });
`);
    writeFileSync(join(dir, 'src', 'call.mjs'), `import { platform } from './http.mjs';
export async function run() {
  const response = await platform.post('/apps/summit-classes/assign', { business_uid: 'biz_summit_pilates' });
  return response.status;
}
`);
    writeFileSync(join(dir, 'main.mjs'), "import { run } from './src/call.mjs';\nconsole.log(JSON.stringify({ status: await run() }));\n");
    const runMain = async () => {
      server.reset();
      await execFileAsync(process.execPath, [join(dir, 'main.mjs')]);
      return server.assignments();
    };
    const before = await runMain();
    const migrated = spawnSync(process.execPath, [CLI, 'migrate', 'src', '--json', '--force'], { cwd: dir, encoding: 'utf8' });
    const report = JSON.parse(migrated.stdout) as { mode: { kind: string }; totals: { migrated: number } };
    expect(report.mode.kind, migrated.stderr).toBe('project');
    expect(report.totals.migrated).toBe(1);
    expect(readFileSync(join(dir, 'src', 'call.mjs'), 'utf8')).toContain(`platform.post('${server.url}/v3/apps/app_assignments', `);
    const after = await runMain();
    expect(before.map((a) => a.via)).toEqual(['v1']);
    expect(after.map((a) => a.via)).toEqual(['v3']);
    expect(after.map(meaning)).toEqual(before.map(meaning));
  });
});
