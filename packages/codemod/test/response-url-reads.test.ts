/**
 * The URL of a response read back, run as a user runs it: a function that returns the response of the request, and a
 * caller in another module (or a test) that reads `res.url` from it. Rewritten, that read would see the v3 path: the
 * request and every caller are held together, each naming the read; a caller that reads only the status lets the group
 * migrate, assigning the same through v3 against the contract server.
 */
import { start, type ContractServer } from '@app-assignment/contract-server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentsOf, meaning } from './helpers/contract-run.js';
import { COMPILER_OPTIONS, compiles, migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  files: { path: string; sites: { line: number; outcome: string; reasons: { code: string; key?: string }[] }[] }[];
}

const trees = projectTrees();
let server: ContractServer;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  trees.removeAll();
  await server.close();
});

const sitesOf = (report: Report) => report.files.flatMap((file) => file.sites.map((site) =>
  `${file.path}:${site.line} ${site.outcome}${site.reasons.map((r) => ` ${r.code}${r.key === undefined ? '' : `: ${r.key}`}`).join('')}`)).sort();

const WITH_TESTS = JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['src', 'test'] });

const ASSIGN = `export async function assignBusiness(base: string, code: string, uid: string) {
  const res = await fetch(\`\${base}/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    headers: { Authorization: 'Bearer internal-token-7c1e9a4f', 'Content-Type': 'application/json' },
    body: JSON.stringify({ business_uid: uid }),
  });
  return res;
}
`;

const APP = (read: string) => `import { assignBusiness } from './assign.js';

export async function offer(base: string, uid: string) {
  const res = await assignBusiness(base, 'harbor-reviews', uid);
  return ${read};
}
`;

describe('a response whose URL is read back', () => {
  it('a caller reads only the status: the request and its caller migrate, assign the same through v3, and a second run changes nothing', async () => {
    const dir = trees.project({ 'src/assign.ts': ASSIGN, 'src/app.ts': APP('res.status') });
    const main = "import { offer } from './app.js';\nconsole.log(await offer(process.argv[2], 'biz_harbor_yoga'));\n";
    const before = await assignmentsOf(dir, ['assign', 'app'], main, server);
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual(['src/app.ts:4 fix', 'src/assign.ts:2 fix']);
    const migrated = readFileSync(join(dir, 'src/assign.ts'), 'utf8');
    expect(migrated).toContain('/v3/apps/app_assignments');
    compiles(dir);
    const after = await assignmentsOf(dir, ['assign', 'app'], main, server);
    expect(before.map((a) => a.via)).toEqual(['v1']);
    expect(after.map((a) => a.via)).toEqual(['v3']);
    expect(after.map(meaning)).toEqual(before.map(meaning));
    await migrateIn<Report>(dir);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(migrated);
  });

  it.each([
    ['reads res.url', APP('new URL(res.url).pathname'), '`res.url` in offer, line 5'],
    ['destructures the url', APP('res').replace('const res = await', 'const { url, status } = await').replace('return res;', 'return { url, status };'), '`url` in offer, line 4'],
    ['reads it in a .then callback', `import { assignBusiness } from './assign.js';

export function offer(base: string, uid: string) {
  return assignBusiness(base, 'harbor-reviews', uid).then((res) => res.url);
}
`, '`res.url` in offer, line 4'],
  ])('a caller in another module %s: the request and the caller are held together, the caller naming the read', async (_name, app, key) => {
    const dir = trees.project({ 'src/assign.ts': ASSIGN, 'src/app.ts': app });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([
      `src/app.ts:4 manual response-url-read: ${key}`,
      'src/assign.ts:2 manual wrapper-callers: in offer (src/app.ts)',
    ]);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
    expect(readFileSync(join(dir, 'src/app.ts'), 'utf8')).toContain("assignBusiness(base, 'harbor-reviews', uid)");
  });

  it('a test asserts the URL of the response it gets: the request stays on the old route, the test naming the read', async () => {
    const test = `import { expect, it } from 'vitest';
import { assignBusiness } from '../src/assign.js';

it('sends the assignment', async () => {
  const res = await assignBusiness('http://127.0.0.1:4010', 'crm', 'b1');
  expect(new URL(res.url).pathname).toBe('/platform/v1/apps/crm/assign');
});
`;
    const dir = trees.project({ 'src/assign.ts': ASSIGN, 'test/assign.test.ts': test }, WITH_TESTS);
    expect(sitesOf(await migrateIn<Report>(dir, ['src', 'test']))).toEqual([
      'src/assign.ts:2 manual wrapper-callers: in the test "sends the assignment" (test/assign.test.ts)',
      'test/assign.test.ts:5 manual response-url-read: `res.url` in the test "sends the assignment", line 6',
    ]);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
  });

  it('read file by file (--no-project), a read in the request\'s own module holds it, as in project mode', async () => {
    const one = `${ASSIGN}\nexport async function check(base: string) {\n  const res = await assignBusiness(base, 'crm', 'b1');\n  return res.url.endsWith('/assign');\n}\n`;
    for (const args of [['.', '--no-project'], ['.']]) {
      const dir = trees.project({ 'src/assign.ts': one });
      const sites = sitesOf(await migrateIn<Report>(dir, args));
      expect(sites.some((site) => site.includes('response-url-read: `res.url` in check'))).toBe(true);
      expect(sites.every((site) => site.includes(' manual '))).toBe(true);
      expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
    }
  });
});
