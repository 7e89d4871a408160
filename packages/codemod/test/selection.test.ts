/**
 * Paths and shards select where a run writes, never what it decides: every group of rewrites (a wrapper and its
 * callers) is decided over the whole project and written whole, or not at all.
 *
 * - A run over some paths writes only the groups that lie wholly inside them; a group that crosses them keeps its
 *   code, with a TODO at each of its calls in the paths that names the files left out, and the summary counts it.
 * - `--shard i/n` gives each group to one shard (by its first file): the shards never write the same file, and
 *   together they write exactly what one run writes, on every fixture project.
 * - A later run over everything migrates the group and removes those TODOs.
 */
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject, PROJECTS_DIR, projectNames, sourceFiles } from '../../../scripts/lib/project-proof.mjs';
import { runMigration } from '@app-assignment/codemod';
import { DEFAULT_ANALYSIS_OPTIONS } from '@app-assignment/core';
import { command, tree } from './helpers/cli.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const project = (name: string, label: string): string => {
  const dir = copyProject(name, label);
  made.push(dir);
  return dir;
};

const snapshot = (dir: string): Map<string, string> =>
  new Map((sourceFiles(dir) as string[]).map((rel) => [rel, readFileSync(join(dir, rel), 'utf8')]));

const changedFiles = (before: Map<string, string>, dir: string): string[] =>
  [...before].filter(([rel, text]) => readFileSync(join(dir, rel), 'utf8') !== text).map(([rel]) => rel);

interface Report {
  files: { path: string; status: string; sites: { line: number; kind: string; migrated: boolean; reasons: { code: string; key?: string }[] }[] }[];
  totals: { changed: number; migrated: number; todos: number; groupsOutside?: number };
}

const ISSUE_TREE = {
  'package.json': '{"private":true,"type":"module"}\n',
  'tsconfig.json': '{"compilerOptions":{"target":"ES2022","module":"NodeNext","moduleResolution":"NodeNext","strict":true},"include":["src"]}\n',
  'src/assign.ts': [
    'export async function assignApp(code: string, body: Record<string, unknown>): Promise<number> {',
    '  const res = await fetch(`https://api.example.com/platform/v1/apps/${encodeURIComponent(code)}/assign`, {',
    "    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });",
    '  return res.status;',
    '}',
    '',
  ].join('\n'),
  'src/billing/offer.ts': [
    "import { assignApp } from '../assign.js';",
    "export function offerReviews(uid: string) { return assignApp('reviews', { business_uid: uid }); }",
    '',
  ].join('\n'),
};

describe('a run over some paths writes whole groups only', () => {
  it('the caller of a wrapper in another folder keeps its body, with a TODO naming the wrapper, and the wrapper is untouched', async () => {
    const dir = tree(ISSUE_TREE);
    made.push(dir);
    const dry = await command(['migrate', 'src/billing', '--dry', '--json'], dir);
    expect(dry.code, dry.stderr).toBe(0);
    const report = JSON.parse(dry.stdout) as Report;
    expect(report.totals).toMatchObject({ migrated: 0, todos: 1, groupsOutside: 1 });
    const [site] = report.files.flatMap((file) => file.sites);
    expect(site).toMatchObject({ kind: 'caller', migrated: false, reasons: [{ code: 'group-outside-run', key: 'src/assign.ts' }] });

    const run = await command(['migrate', 'src/billing', '--force'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 group of rewrites (a wrapper with its callers) reaches files outside the paths given');
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(ISSUE_TREE['src/assign.ts']);
    const offer = readFileSync(join(dir, 'src/billing/offer.ts'), 'utf8');
    expect(offer).toContain("assignApp('reviews', { business_uid: uid })");
    expect(offer).toContain('TODO(app-assignment): this call must be migrated together with changes in src/assign.ts, which this run was not given');
  });

  it('wrapper-module: a run over one caller\'s folder changes nothing but TODO lines, and a run over everything then gives the tree of one run', async () => {
    const whole = project('wrapper-module', 'whole');
    const original = snapshot(whole);
    expect((await command(['migrate', '.', '--force'], whole)).code).toBe(0);
    const oneRun = snapshot(whole);

    const dir = project('wrapper-module', 'subset');
    const result = await command(['migrate', 'src/billing', '--force', '--json'], dir);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.totals.groupsOutside).toBe(1);
    expect(changedFiles(original, dir)).toEqual(['src/billing/offer.ts']);
    const offer = readFileSync(join(dir, 'src/billing/offer.ts'), 'utf8');
    // Only a comment line was added: the call and its body are as they were.
    const added = offer.split('\n').filter((line) => !original.get('src/billing/offer.ts')!.split('\n').includes(line));
    expect(added).toHaveLength(1);
    expect(added[0]!.trim()).toBe('// TODO(app-assignment): this call must be migrated together with changes in src/internal/rollout.ts, src/onboarding/preinstall.ts and src/platform/assign.ts, which this run was not given; run app-assignment migrate over all of them together');

    expect((await command(['migrate', '.', '--force'], dir)).code).toBe(0);
    expect(snapshot(dir)).toEqual(oneRun);
  });

  it('a path that holds the whole group migrates it, as one run does', async () => {
    const dir = project('wrapper-module', 'src');
    const original = snapshot(dir);
    const result = await command(['migrate', 'src', '--force', '--json'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as Report).totals.groupsOutside).toBeUndefined();
    expect(changedFiles(original, dir).length).toBeGreaterThan(1);
  });
});

describe('shards write whole groups: together they write what one run writes', () => {
  const changes = async (dir: string, shard?: { index: number; count: number }) => {
    const report = await runMigration({ paths: ['.'], cwd: dir, analysis: DEFAULT_ANALYSIS_OPTIONS, dry: true, force: true, jobs: 1, ...(shard === undefined ? {} : { shard }) });
    expect(report.totals.errors).toBe(0);
    return report.changes;
  };
  for (const name of projectNames()) {
    it(`${name}: the shards of 2 and of 3, united, are byte-identical to one run, and no file is written by two shards`, async () => {
      const dir = project(name, 'shards');
      const one = new Map([...(await changes(dir))].map(([file, { after }]) => [file, after]));
      expect(one.size).toBeGreaterThan(0);
      for (const count of [2, 3]) {
        const united = new Map<string, string>();
        for (let index = 1; index <= count; index++) {
          for (const [file, { after }] of await changes(dir, { index, count })) {
            expect(united.has(file), `${file} written by two shards of ${count}`).toBe(false);
            united.set(file, after);
          }
        }
        expect(united).toEqual(one);
      }
    });
  }
});

describe('a wrapper group migrated by half is recognised and finished', () => {
  const CALLERS = ['src/billing/offer.ts', 'src/internal/rollout.ts', 'src/onboarding/preinstall.ts'];
  /** wrapper-module with its callers already migrated and its wrapper still on the deprecated route. */
  const damaged = (label: string): string => {
    const dir = project('wrapper-module', label);
    for (const rel of CALLERS) copyFileSync(join(PROJECTS_DIR, 'wrapper-module', 'after', rel), join(dir, rel));
    return dir;
  };

  it('callers that send v3 bodies to a wrapper on the deprecated route: migrate points the wrapper at v3, giving the tree of one run', async () => {
    const dir = damaged('half');
    const scan = JSON.parse((await command(['scan', '.', '--json'], dir)).stdout) as Report;
    const sites = scan.files.flatMap((file) => file.sites.filter((site) => site.kind === 'caller' && !('withWrapper' in site)).map(() => file.path));
    expect(sites.sort()).toEqual(CALLERS);
    expect((await command(['migrate', '.', '--force'], dir)).code).toBe(0);
    for (const rel of [...CALLERS, 'src/platform/assign.ts']) {
      expect(readFileSync(join(dir, rel), 'utf8'), rel).toBe(readFileSync(join(PROJECTS_DIR, 'wrapper-module', 'after', rel), 'utf8'));
    }
    // A second run changes nothing.
    expect((JSON.parse((await command(['migrate', '.', '--force', '--json'], dir)).stdout) as Report).totals.changed).toBe(0);
  });

  it('a v3 body whose app_code_name is another app than the path names: reported as half migrated, nothing rewritten', async () => {
    const dir = damaged('half-other');
    const offer = join(dir, 'src/billing/offer.ts');
    writeFileSync(offer, readFileSync(offer, 'utf8').replace("app_code_name: 'harbor-reviews'", "app_code_name: 'harbor-booking'"));
    const before = snapshot(dir);
    const result = JSON.parse((await command(['migrate', '.', '--force', '--json'], dir)).stdout) as Report;
    const site = result.files.find((file) => file.path === 'src/billing/offer.ts')!.sites[0]!;
    expect(site.reasons.map((reason) => reason.code)).toEqual(['half-migrated']);
    expect(result.totals.migrated).toBe(0);
    // Only TODO lines were added.
    for (const rel of changedFiles(before, dir)) {
      const added = readFileSync(join(dir, rel), 'utf8').split('\n').filter((line) => !before.get(rel)!.split('\n').includes(line));
      expect(added.every((line) => line.trim().startsWith('// TODO(app-assignment):')), rel).toBe(true);
    }
  });
});

describe('a mock that stands for a call outside the paths given', () => {
  const send = (name: string, body: string) => `export async function ${name}(appCode: string, uid: string): Promise<number> {
  const res = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(${body}),
  });
  return res.status;
}
`;
  const files = {
    'package.json': '{"private":true,"type":"module"}\n',
    'tsconfig.json': '{"compilerOptions":{"target":"ES2022","module":"NodeNext","moduleResolution":"NodeNext","strict":true,"noEmit":true,"skipLibCheck":true},"include":["src","lib","test"]}\n',
    'src/offer.ts': send('offer', '{ business_uid: uid }'),
    'lib/seed.ts': send('seedDemo', `{ directory_uid: uid, is_internal: 'true' }`),
    'test/platform.test.ts': `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { seedDemo } from '../lib/seed.js';
import { offer } from '../src/offer.js';

const server = setupServer(http.post('*/platform/v1/apps/:id/assign', () => new HttpResponse(null, { status: 201 })));

it('offers an app and seeds the demo', async () => {
  server.listen({ onUnhandledRequest: 'error' });
  expect(await offer('crm-sync', 'biz_1')).toBe(201);
  expect(await seedDemo('crm-sync', 'dir_demo')).toBe(201);
});
`,
  };
  const sitesOf = (report: Report) => report.files.flatMap((file) => file.sites.map((site) => ({ path: file.path, ...site })));

  it('names that call as one this run was not given, not as one with a TODO of its own', async () => {
    const dir = tree(files);
    made.push(dir);
    const out = await command(['migrate', 'src', 'test', '--dry', '--json'], dir);
    expect(out.code, out.stderr).toBe(0);
    const sites = sitesOf(JSON.parse(out.stdout) as Report);
    expect(sites.filter((site) => site.path === 'lib/seed.ts')).toEqual([]);
    const mock = sites.find((site) => site.kind === 'mock')!;
    expect(mock).toMatchObject({ migrated: false, reasons: [{ code: 'mock-call-outside-run', key: 'in seedDemo (lib/seed.ts)' }] });
    expect(sites.find((site) => site.kind === 'call')).toMatchObject({ migrated: false, reasons: [{ code: 'group-outside-run', key: 'lib/seed.ts' }] });
    expect(out.stdout).not.toContain('see its TODO');
  });

  it('with that file among the paths, the mock and both calls move together', async () => {
    const dir = tree(files);
    made.push(dir);
    const out = await command(['migrate', 'src', 'lib', 'test', '--dry', '--json'], dir);
    expect(out.code, out.stderr).toBe(0);
    const sites = sitesOf(JSON.parse(out.stdout) as Report);
    expect(sites.filter((site) => site.kind === 'call').map((site) => [site.path, site.migrated])).toEqual([['lib/seed.ts', true], ['src/offer.ts', true]]);
    expect(sites.filter((site) => site.kind === 'mock').map((site) => site.migrated)).toEqual([true]);
  });
});
