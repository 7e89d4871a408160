/**
 * Two typed wrappers of one project, each with its own old body type and its callers in other modules, run as a user
 * runs it: one type is held back by a caller that sends `built_in`, and the other is rewritten with its wrapper and
 * callers all the same; it compiles, assigns the same through v3 against the contract server, and a second run changes
 * nothing. A project's `declare module` for a package does not hold an interface of the program back; one that
 * augments the wrapper's own module does.
 */
import { start, type ContractServer } from '@app-assignment/contract-server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentsOf, meaning } from './helpers/contract-run.js';
import { compiles, migrateIn, projectTrees } from './helpers/project-tree.js';

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
  `${file.path}:${site.line} ${site.outcome}${site.reasons.map((r) => ` ${r.code}`).join('')}`)).sort();

const HEADERS = "{ Authorization: 'Bearer internal-token-7c1e9a4f', 'Content-Type': 'application/json' }";

const ASSIGN = `export interface AssignBody {
  business_uid?: string;
  directory_uid?: string;
  built_in?: 'true';
}

export async function assignApp(base: string, code: string, body: AssignBody): Promise<number> {
  const res = await fetch(\`\${base}/platform/v1/apps/\${code}/assign\`, { method: 'POST', headers: ${HEADERS}, body: JSON.stringify(body) });
  return res.status;
}
`;

const GRANTS = `export interface DirectoryGrant {
  directory_uid: string;
  pre_installed?: 'true';
}

export async function grantToDirectory(base: string, appCode: string, grant: DirectoryGrant): Promise<number> {
  const res = await fetch(\`\${base}/platform/v1/apps/\${appCode}/assign\`, { method: 'POST', headers: ${HEADERS}, body: JSON.stringify(grant) });
  return res.status;
}
`;

const FILES = {
  'src/assign.ts': ASSIGN,
  'src/grants.ts': GRANTS,
  'src/trial.ts': "import { assignApp } from './assign.js';\n\nexport const startTrial = (base: string, biz: string) => assignApp(base, 'harbor-reviews', { business_uid: biz });\n",
  'src/compliance.ts': "import { assignApp } from './assign.js';\n\nexport const enforce = (base: string, dir: string) => assignApp(base, 'harbor-reviews', { directory_uid: dir, built_in: 'true' });\n",
  'src/reseller.ts': "import { grantToDirectory } from './grants.js';\n\nexport const preinstall = (base: string, dir: string) => grantToDirectory(base, 'harbor-reviews', { directory_uid: dir, pre_installed: 'true' });\n",
  'src/types/vendor.d.ts': "declare module 'left-pad' {\n  export default function leftPad(s: string, n: number): string;\n}\n",
};

describe('typed wrappers of one project, each decided with its own bodies', () => {
  it('a built_in caller holds its own type back; the other wrapper, its type and its caller migrate, assign the same and stay put on a second run', async () => {
    const dir = trees.project(FILES);
    const main = "import { preinstall } from './reseller.js';\nconsole.log(await preinstall(process.argv[2], 'dir_harbor'));\n";
    const before = await assignmentsOf(dir, ['grants', 'reseller'], main, server);
    const sites = sitesOf(await migrateIn<Report>(dir));
    expect(sites.filter((site) => site.startsWith('src/grants.ts') || site.startsWith('src/reseller.ts'))).toEqual(['src/grants.ts:7 fix', 'src/reseller.ts:3 fix']);
    expect(sites.filter((site) => site.startsWith('src/compliance.ts'))).toEqual(['src/compliance.ts:3 manual body-typed built-in-unsupported']);
    expect(sites.filter((site) => site.startsWith('src/trial.ts'))).toEqual(['src/trial.ts:3 manual body-typed']);
    expect(read(dir, 'src/assign.ts')).toContain('/platform/v1/apps/${code}/assign');
    expect(read(dir, 'src/assign.ts')).toContain("  built_in?: 'true';\n");
    const grants = read(dir, 'src/grants.ts');
    expect(grants).toContain("assignee_type: 'business' | 'directory';");
    expect(grants).toContain('/v3/apps/app_assignments');
    expect(read(dir, 'src/reseller.ts')).toContain("{ assignee_type: 'directory', assignee_uid: dir, app_code_name: 'harbor-reviews', settings: { assignment_mode: 'pre_installed' } }");
    compiles(dir);
    const after = await assignmentsOf(dir, ['grants', 'reseller'], main, server);
    expect(before.map((a) => a.via)).toEqual(['v1']);
    expect(after.map((a) => a.via)).toEqual(['v3']);
    expect(after.map(meaning)).toEqual(before.map(meaning));
    const once = Object.fromEntries(Object.keys(FILES).map((file) => [file, read(dir, file)]));
    await migrateIn<Report>(dir);
    for (const file of Object.keys(FILES)) expect(read(dir, file)).toBe(once[file]);
  });

  it("a `declare module` that augments the wrapper's own module holds its type back; one for a package does not", async () => {
    const dir = trees.project({ ...FILES, 'src/types/grants.d.ts': "import './grants.js';\n\ndeclare module './grants.js' {\n  interface DirectoryGrant {\n    note?: string;\n  }\n}\n" });
    const sites = sitesOf(await migrateIn<Report>(dir));
    expect(sites.filter((site) => site.startsWith('src/reseller.ts'))).toEqual(['src/reseller.ts:3 manual body-typed']);
    expect(read(dir, 'src/grants.ts')).toContain('/platform/v1/apps/${appCode}/assign');
    expect(read(dir, 'src/grants.ts')).not.toContain('assignee_type');
  });
});

function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), 'utf8');
}
