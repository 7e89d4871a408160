/**
 * A repository's top is read as one project when its packages carry the configs: an Nx workspace (`nx.json`, or only
 * the `tsconfig.base.json` its packages extend), or packages with a tsconfig.json each and none at the top. A run that
 * does read each file alone, without `--no-project`, says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, tree } from './helpers/cli.js';

const BASE = JSON.stringify({
  compilerOptions: { strict: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', baseUrl: '.', paths: { '@ws/api': ['libs/api/src/index.ts'] } },
});
const PACKAGE_CONFIG = '{ "extends": "../../tsconfig.base.json", "include": ["src"] }\n';
const WRAPPER = "export async function assignApp(code: string, body: Record<string, unknown>) {\n" +
  "  return fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });\n}\n";
const CALLER = "import { assignApp } from '@ws/api';\nexport const go = () => assignApp('crm', { business_uid: 'b1' });\n";

const workspace = (top: Record<string, string>) => tree({
  'package.json': '{"name":"ws","private":true}\n',
  'apps/web/tsconfig.json': PACKAGE_CONFIG,
  'libs/api/tsconfig.json': PACKAGE_CONFIG,
  'libs/api/src/index.ts': WRAPPER,
  'apps/web/src/main.ts': CALLER,
  ...top,
});

interface Report { mode?: { kind: string }; totals: { migrated: number; todos: number } }

describe('the top of a workspace whose packages hold the configs', () => {
  it.each([
    ['an Nx workspace (nx.json and tsconfig.base.json)', { 'nx.json': '{}\n', 'tsconfig.base.json': BASE }],
    ['only the tsconfig.base.json the packages extend', { 'tsconfig.base.json': BASE }],
  ])('%s: read as one project, so the wrapper migrates with its caller in another package', async (_name, top) => {
    const dir = workspace(top);
    const run = await command(['migrate', '.', '--force'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('read as one project (apps/web/tsconfig.json, libs/api/tsconfig.json)');
    expect(readFileSync(join(dir, 'apps/web/src/main.ts'), 'utf8')).toContain("assignApp('crm', { assignee_type: 'business', assignee_uid: 'b1', app_code_name: 'crm' })");
    expect(readFileSync(join(dir, 'libs/api/src/index.ts'), 'utf8')).toContain('`https://api.example.com/v3/apps/app_assignments`');
  });

  it('packages with a tsconfig.json each and none at the top: read as one project', async () => {
    const dir = tree({
      'web/tsconfig.json': '{"compilerOptions":{"strict":true,"module":"nodenext"},"include":["src"]}\n',
      'web/src/a.ts': "export const go = (uid: string) => fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: uid }) });\n",
    });
    const run = await command(['scan', '.', '--json'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('read file by file');
    const scan = await command(['migrate', '.', '--dry'], dir);
    expect(scan.stdout).toContain('read as one project (web/tsconfig.json)');
  });

  it('no config anywhere: the run reads each file alone and says so, unless --no-project said it', async () => {
    const dir = tree({ 'a.ts': "export const go = () => fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });\n" });
    const said = await command(['migrate', '.', '--dry'], dir);
    expect(said.stdout).toContain('read file by file: no tsconfig.json or jsconfig.json');
    expect((await command(['migrate', '.', '--dry', '--no-project'], dir)).stdout).not.toContain('read file by file');
    const scan = await command(['scan', '.'], dir);
    expect(scan.stderr).toContain('read file by file');
    expect((JSON.parse((await command(['scan', '.', '--json'], dir)).stdout) as Report).totals.todos).toBe(0);
  });
});

describe('a path outside the folder the run starts in', () => {
  const APP = {
    'tsconfig.json': '{"compilerOptions":{"strict":true,"module":"esnext","moduleResolution":"bundler"},"include":["src"]}\n',
    'src/assign.ts': "import axios from 'axios';\nexport const go = (uid: string) => axios.post('/platform/v1/apps/crm/assign', { business_uid: uid });\n",
  };
  // The folder the run starts in is a project of its own whose setup would hold every axios call it could reach.
  const HERE = {
    'tsconfig.json': '{"compilerOptions":{"strict":true},"include":["src"]}\n',
    'src/setup.ts': "import axios from 'axios';\naxios.defaults.transformRequest = [(d: unknown) => JSON.stringify({ ...(d as object), extra: 1 })];\n",
  };

  it('reads the project the path belongs to, not the one the run starts in', async () => {
    const dir = tree({ ...Object.fromEntries(Object.entries(APP).map(([k, v]) => [`app/${k}`, v])), ...Object.fromEntries(Object.entries(HERE).map(([k, v]) => [`here/${k}`, v])) });
    const outside = await command(['scan', '../app', '--json'], join(dir, 'here'));
    expect(outside.code, outside.stderr).toBe(0);
    const inside = await command(['scan', '.', '--json'], join(dir, 'app'));
    const sites = (stdout: string) => (JSON.parse(stdout) as { files: { sites: { outcome: string; reasons: { code: string }[] }[] }[] }).files.flatMap((f) => f.sites).map((s) => [s.outcome, s.reasons.map((r) => r.code)]);
    expect(sites(outside.stdout)).toEqual([['fix', []]]);
    expect(sites(outside.stdout)).toEqual(sites(inside.stdout));
    // The same setup inside the app's own project holds the call, naming it: the run above did not miss it by not reading setup.
    const held = tree({ ...APP, 'src/setup.ts': HERE['src/setup.ts'] });
    expect(sites((await command(['scan', '.', '--json'], held)).stdout)).toEqual([['manual', ['client-setup']]]);
  });
});
