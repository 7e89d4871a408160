/**
 * `apply` of a plan made before the tree moved on: the plan records every file its decisions read, and a file added,
 * changed or removed since that may bear on a group (a new caller of a migrated wrapper, an unplanned file edited to
 * call it, a test edited to assert the old URL) holds that group back, file by file, with a message saying to analyze
 * again. A file that cannot bear on it (no request, no name of the group) leaves the plan whole. Project mode and
 * `--no-project`, through the CLI in this process.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { command, tree } from './helpers/cli.js';
import { TSCONFIG } from './helpers/project-tree.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const WRAPPER = `export interface AssignBody {
  business_uid?: string;
  directory_uid?: string;
}

export async function assignApp(code: string, body: AssignBody): Promise<number> {
  const res = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return res.status;
}
`;
const DIRECT = `export async function webDirect(biz: string): Promise<number> {
  const res = await fetch('https://api.example.com/platform/v1/apps/web-direct/assign', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ business_uid: biz }) });
  return res.status;
}
`;
const FILES = {
  'package.json': '{ "name": "p", "private": true, "type": "module" }\n',
  'src/shared/http.ts': WRAPPER,
  'src/web/onboard.ts': "import { assignApp } from '../shared/http.js';\n\nexport const onboard = (biz: string) => assignApp('web-app', { business_uid: biz });\n",
  'src/billing/onboard.ts': "import { assignApp } from '../shared/http.js';\n\nexport const bill = (dir: string) => assignApp('bill-app', { directory_uid: dir });\n",
  'src/web/direct.ts': DIRECT,
};
const NEW_CALLER = "import { assignApp } from '../shared/http.js';\n\nexport const invite = (biz: string) => assignApp('invite-app', { business_uid: biz });\n";
const V1_TEST = `import { expect, it, vi } from 'vitest';
import { webDirect } from '../src/web/direct.js';

it('posts', async () => {
  const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
  await webDirect('biz_1');
  expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.com/platform/v1/apps/web-direct/assign');
});
`;

type Applied = { written: string[]; refused: { path: string; reason: string }[] };

/** `analyze` in `dir` (project mode unless `--no-project` is given): the plan's path. */
async function analyze(dir: string, flags: string[]): Promise<string> {
  const plan = join(makeTempDir('app-assignment-plan-'), 'plan.json');
  const analyzed = await command(['analyze', '.', ...flags, '--out', plan], dir);
  expect(analyzed.code, analyzed.stderr).toBe(0);
  return plan;
}

async function apply(dir: string, plan: string, extra: string[] = []): Promise<{ code: number; applied: Applied }> {
  const result = await command(['apply', plan, '--force', '--json', ...extra], dir);
  expect(result.stdout, result.stderr).not.toBe('');
  return { code: result.code, applied: JSON.parse(result.stdout) as Applied };
}

const WRAPPER_GROUP = ['src/billing/onboard.ts', 'src/shared/http.ts', 'src/web/onboard.ts'];

describe('project mode: a wrapper and its callers', () => {
  const project = () => tree({ ...FILES, 'tsconfig.json': TSCONFIG });

  it('a caller of the wrapper added after analyze holds the wrapper\'s group back, naming the file and the name it spells', async () => {
    const dir = project();
    const plan = await analyze(dir, []);
    expect((JSON.parse(readFileSync(plan, 'utf8')) as { groups: string[][] }).groups).toContainEqual(WRAPPER_GROUP);
    writeFileSync(join(dir, 'src/web/invite.ts'), NEW_CALLER);
    const { code, applied } = await apply(dir, plan);
    expect(code).toBe(1);
    expect(applied.refused.map((r) => r.path)).toEqual(WRAPPER_GROUP);
    for (const { reason } of applied.refused) {
      expect(reason).toBe('src/web/invite.ts was added since the plan was made and spells "assignApp", a name src/shared/http.ts declares: it may use what the plan changes: ' +
        'not written (analyze again, then apply the new plan)');
    }
    // The wrapper still sends the old body its new caller builds; the direct call, which no new file bears on, moved.
    expect(readFileSync(join(dir, 'src/shared/http.ts'), 'utf8')).toBe(WRAPPER);
    expect(applied.written).toEqual(['src/web/direct.ts']);
    expect(readFileSync(join(dir, 'src/web/direct.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  }, 60_000);

  it('an unplanned file edited to call the wrapper holds the group back too', async () => {
    const dir = project();
    writeFileSync(join(dir, 'src/misc.ts'), 'export const other = 1;\n');
    const plan = await analyze(dir, []);
    writeFileSync(join(dir, 'src/misc.ts'), `export const other = 1;\n${NEW_CALLER}`);
    const { code, applied } = await apply(dir, plan);
    expect(code).toBe(1);
    expect(applied.refused.map((r) => r.path)).toEqual(WRAPPER_GROUP);
    expect(applied.refused[0]!.reason).toContain('src/misc.ts changed since the plan was made and spells "assignApp"');
  }, 60_000);

  it('the wrapper\'s owner part alone is refused the same way', async () => {
    const dir = project();
    writeFileSync(join(dir, 'CODEOWNERS'), '/src/billing/ @org/billing\n/src/web/ @org/web\n');
    const plan = await analyze(dir, []);
    writeFileSync(join(dir, 'src/web/invite.ts'), NEW_CALLER);
    const { code, applied } = await apply(dir, plan, ['--owner', '@org/billing']);
    expect(code).toBe(1);
    expect(applied.written).toEqual([]);
    expect(applied.refused.map((r) => r.path)).toEqual(WRAPPER_GROUP);
    for (const { reason } of applied.refused) expect(reason).toContain('src/web/invite.ts was added since the plan was made');
  }, 60_000);

  it('a file added that bears on no group (no request, no name of one), and another owner\'s part written first, leave the plan whole', async () => {
    const dir = project();
    const once = project();
    expect((await command(['migrate', '.', '--force'], once)).code).toBe(0);
    writeFileSync(join(dir, 'CODEOWNERS'), '/src/billing/ @org/billing\n/src/web/direct.ts @org/web\n');
    const plan = await analyze(dir, []);
    writeFileSync(join(dir, 'src/unrelated.ts'), 'export const greet = (name: string) => `hello ${name}`;\n');
    const web = await apply(dir, plan, ['--owner', '@org/web']);
    expect(web).toEqual({ code: 0, applied: { written: ['src/web/direct.ts'], refused: [] } });
    // The file the first part wrote is the plan's own text: it does not hold the second part back.
    const billing = await apply(dir, plan, ['--owner', '@org/billing']);
    expect(billing).toEqual({ code: 0, applied: { written: WRAPPER_GROUP, refused: [] } });
    for (const path of [...WRAPPER_GROUP, 'src/web/direct.ts']) expect(readFileSync(join(dir, path), 'utf8'), path).toBe(readFileSync(join(once, path), 'utf8'));
  }, 60_000);

  it('a file the analysis read that is removed since holds every group back', async () => {
    const dir = project();
    writeFileSync(join(dir, 'src/misc.ts'), 'export const other = 1;\n');
    const plan = await analyze(dir, []);
    rmSync(join(dir, 'src/misc.ts'));
    const { code, applied } = await apply(dir, plan);
    expect(code).toBe(1);
    expect(applied.written).toEqual([]);
    expect(applied.refused[0]!.reason).toBe("src/misc.ts, which the plan's decisions read, was removed since the plan was made: not written (analyze again, then apply the new plan)");
  }, 60_000);
});

describe('--no-project: a call and the test that asserts it', () => {
  it('a test edited after analyze to assert the old URL holds the call back; an unrelated file added does not', async () => {
    const files = { 'package.json': FILES['package.json'], 'src/web/direct.ts': DIRECT, 'test/direct.test.ts': V1_TEST.replace("toBe('https://api.example.com/platform/v1/apps/web-direct/assign')", 'toBeDefined()') };
    const held = tree(files);
    const plan = await analyze(held, ['--no-project']);
    writeFileSync(join(held, 'test/direct.test.ts'), V1_TEST);
    const { code, applied } = await apply(held, plan);
    expect(code).toBe(1);
    expect(applied.refused).toEqual([{ path: 'src/web/direct.ts', reason: 'test/direct.test.ts changed since the plan was made and may mock or assert the request, which every decision may depend on: ' +
      'not written (analyze again, then apply the new plan)' }]);
    expect(readFileSync(join(held, 'src/web/direct.ts'), 'utf8')).toBe(DIRECT);

    const plain = tree(files);
    const planned = await analyze(plain, ['--no-project']);
    writeFileSync(join(plain, 'src/unrelated.ts'), 'export const greet = (name: string) => `hello ${name}`;\n');
    expect(await apply(plain, planned)).toEqual({ code: 0, applied: { written: ['src/web/direct.ts'], refused: [] } });
    expect(existsSync(join(plain, 'src/unrelated.ts'))).toBe(true);
  }, 60_000);
});
