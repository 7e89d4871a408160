/**
 * A request helper that names its path in the message of the language's own `Error`
 * (`throw new Error(\`${method} ${path} -> ${res.status}\`)`), run as a user runs it: in project mode the call through it
 * migrates when nothing in the program may read an error's message (the message then names the URL actually sent, as a
 * log line does), and assigns the same through v3 against the contract server; a catch that reads the message, makes
 * the error a string, rethrows it or hands it on, a test that asserts what is thrown or watches the log an error is
 * written to, or an error boundary holds the call, naming the helper's line; read file by file, it is held as before.
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

/** The sites of the request (the callers that go with it, the app's `tryOffer` and the tests', are left out). */
const sitesOf = (report: Report) => report.files.filter((file) => file.path === 'src/assign.ts' || file.path === 'src/http.ts').flatMap((file) => file.sites.map((site) =>
  `${file.path}:${site.line} ${site.outcome}${site.reasons.map((r) => ` ${r.code}${r.key === undefined ? '' : `: ${r.key}`}`).join('')}`));

const WITH_TESTS = JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['src', 'test'] });

const HTTP = `export async function makeRequest(base: string, path: string, method: string, body?: unknown): Promise<number> {
  const res = await fetch(base + path, {
    method,
    headers: { Authorization: 'Bearer internal-token-7c1e9a4f', 'Content-Type': 'application/json' },
    body: body == null ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(\`\${method} \${path} -> \${res.status}\`);
  return res.status;
}
`;

const ASSIGN = `import { makeRequest } from './http.js';

export const offer = (base: string, code: string, uid: string) => makeRequest(base, \`/platform/v1/apps/\${code}/assign\`, 'POST', { business_uid: uid });
`;

const MIGRATED = ASSIGN.replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments')
  .replace('{ business_uid: uid }', "{ assignee_type: 'business', assignee_uid: uid, app_code_name: code }");

/** The app's use of the call: a catch that says only whether it worked. */
const APP = (handler = '    return false;\n') => `import { offer } from './assign.js';

export async function tryOffer(base: string, code: string, uid: string): Promise<boolean> {
  try {
    await offer(base, code, uid);
    return true;
  } catch (e) {
${handler}  }
}
`;

/** The app's admin line: what a rejection handler makes of the error. */
const REPORT = (handler: string) => `import { offer } from './assign.js';

export function describeOffer(base: string, code: string, uid: string): Promise<unknown> {
  return offer(base, code, uid).then(() => \`\${code}: ok\`, ${handler});
}
`;

const HELD = 'src/assign.ts:3 manual url-used-by-helper: makeRequest (src/http.ts:7)';

describe("the language's Error with the path in its message, in project mode", () => {
  it('nothing reads an error\'s message: the call migrates, the helper is unchanged; it compiles, assigns the same through v3, and a second run changes nothing', async () => {
    const dir = trees.project({ 'src/http.ts': HTTP, 'src/assign.ts': ASSIGN, 'src/app.ts': APP() });
    const main = "import { offer } from './assign.js';\nconsole.log(await offer(process.argv[2], 'harbor-reviews', 'biz_harbor_yoga'));\n";
    const before = await assignmentsOf(dir, ['http', 'assign'], main, server);
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual(['src/assign.ts:3 fix']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
    expect(readFileSync(join(dir, 'src/http.ts'), 'utf8')).toBe(HTTP);
    compiles(dir);
    const after = await assignmentsOf(dir, ['http', 'assign'], main, server);
    expect(before.map((a) => a.via)).toEqual(['v1']);
    expect(after.map((a) => a.via)).toEqual(['v3']);
    expect(after.map(meaning)).toEqual(before.map(meaning));
    await migrateIn<Report>(dir);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
  });

  it.each([
    ['a catch that logs the error, with no test watching the log', "    console.error('offer failed', e);\n    return false;\n"],
    ['a catch that tells errors apart by class', '    if (e instanceof TypeError) return false;\n    return false;\n'],
    ['a test of the app that checks what it returns', undefined],
  ])('%s: the message is read nowhere, the call migrates', async (_name, handler) => {
    const files: Record<string, string> = { 'src/http.ts': HTTP, 'src/assign.ts': ASSIGN, 'src/app.ts': APP(handler) };
    if (handler === undefined) {
      files['test/app.test.ts'] = "import { expect, it } from 'vitest';\nimport { tryOffer } from '../src/app.js';\n\nit('says no', async () => {\n  expect(await tryOffer('http://127.0.0.1:9', 'crm', 'b1')).toBe(false);\n});\n";
    }
    const dir = trees.project(files, WITH_TESTS);
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual(['src/assign.ts:3 fix']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
  });

  it.each([
    ['rejection handlers that say only that it failed', '() => `${code}: failed`).catch(() => `${code}: failed`'],
    ['a rejection handler that is a log function, with no test watching the log', 'console.error'],
    ['a rejection handler that reads only the class of the error', '(problem) => (problem instanceof TypeError ? `${code}: offline` : `${code}: failed`)'],
  ])('%s: the message is read nowhere, the call migrates', async (_name, handler) => {
    const dir = trees.project({ 'src/http.ts': HTTP, 'src/assign.ts': ASSIGN, 'src/report.ts': REPORT(handler) });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual(['src/assign.ts:3 fix']);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toBe(MIGRATED);
  });

  // Each of these may read the message that names the URL: the call stays, naming the helper's line.
  it.each([
    ['a catch reads the message', { 'src/app.ts': APP("    console.warn((e as Error).message);\n    return false;\n") }],
    ['a catch makes the error a string', { 'src/app.ts': APP('    return String(e).includes(\'409\');\n') }],
    ['a catch puts the error in a template', { 'src/app.ts': APP('    throw new TypeError(`offer: ${e}`);\n') }],
    ['a catch rethrows it', { 'src/app.ts': APP('    if (e instanceof TypeError) return false;\n    throw e;\n') }],
    ['a catch hands it to another function, under a name of its own', { 'src/app.ts': APP('    return false;\n').replace('} catch (e) {', '} catch (failure) {\n    report(failure);').replace("import { offer } from './assign.js';", "import { offer } from './assign.js';\n\ndeclare function report(x: unknown): void;") }],
    ['a test asserts what is thrown', { 'test/assign.test.ts': "import { expect, it } from 'vitest';\nimport { offer } from '../src/assign.js';\n\nit('fails', async () => {\n  await expect(offer('http://127.0.0.1:9', 'crm', 'b1')).rejects.toThrow('/platform/v1/apps/crm/assign');\n});\n" }],
    ['a test watches the log the error is written to', {
      'src/app.ts': APP("    console.error('offer failed', e);\n    return false;\n"),
      'test/app.test.ts': "import { expect, it, vi } from 'vitest';\nimport { tryOffer } from '../src/app.js';\n\nit('logs', async () => {\n  const log = vi.spyOn(console, 'error');\n  await tryOffer('http://127.0.0.1:9', 'crm', 'b1');\n  expect(log).toHaveBeenCalled();\n});\n",
    }],
    ['an error boundary', { 'src/boundary.ts': 'export class AppBoundary {\n  componentDidCatch(): void {}\n}\n' }],
    ['a catch makes the error a string through a cast', { 'src/app.ts': APP("    return code + ': failed (' + (e as Error).toString() + ')' !== '';\n") }],
    ['a rejection handler of any name puts the error in a template', { 'src/report.ts': REPORT('(problem) => `${code}: failed (${problem})`') }],
    ['a rejection handler of any name, in a catch call, makes it a string', { 'src/report.ts': REPORT('() => `${code}: ok`).catch((failure: unknown) => String(failure)') }],
    ['the function String given as the rejection handler', { 'src/report.ts': REPORT('String') }],
    ['a function of the program given as the rejection handler', { 'src/report.ts': REPORT('describe').replace('export', 'declare function describe(x: unknown): string;\nexport') }],
    ['a test takes the rejection under a name of its own and makes it a string', {
      'test/assign.test.ts': "import { expect, it } from 'vitest';\nimport { offer } from '../src/assign.js';\n\nit('names the app', async () => {\n  const outcome = await offer('http://127.0.0.1:9', 'crm', 'b1').then(() => null, (x: unknown) => x);\n  expect(`${outcome}`).toContain('crm');\n});\n",
    }],
  ])('%s: the call keeps its TODO', async (_name, files) => {
    const dir = trees.project({ 'src/http.ts': HTTP, 'src/assign.ts': ASSIGN, 'src/app.ts': APP(), ...files }, WITH_TESTS);
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([HELD]);
    expect(readFileSync(join(dir, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
    // Read file by file, the call is held as well.
    const alone = trees.project({ 'src/http.ts': HTTP, 'src/assign.ts': ASSIGN, 'src/app.ts': APP(), ...files }, WITH_TESTS);
    expect(sitesOf(await migrateIn<Report>(alone, ['.', '--no-project']))).not.toContain('src/assign.ts:3 fix');
    expect(readFileSync(join(alone, 'src/assign.ts'), 'utf8')).toContain('/platform/v1/apps/${code}/assign');
  });

  it('one module read file by file (--no-project): held as before; in project mode the same module migrates', async () => {
    const one = `${HTTP}\nexport const offer = (base: string, code: string, uid: string) => makeRequest(base, \`/platform/v1/apps/\${code}/assign\`, 'POST', { business_uid: uid });\n`;
    const alone = trees.project({ 'src/http.ts': one });
    expect(sitesOf(await migrateIn<Report>(alone, ['.', '--no-project']))).toEqual(['src/http.ts:11 manual url-used-by-helper: makeRequest']);
    const project = trees.project({ 'src/http.ts': one });
    expect(sitesOf(await migrateIn<Report>(project))).toEqual(['src/http.ts:11 fix']);
  });
});
