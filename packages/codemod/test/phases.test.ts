/**
 * `migrate` in three phases: `analyze` writes a plan (each file's edits as ranges and text, the files written
 * together), `merge` joins the units of a sharded analysis, `apply` writes a plan. On every fixture project the files
 * written are the same bytes as one `migrate`, whole or over shards; a plan whose files changed since is refused file
 * by file, with the groups those files belong to, and every other file is written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPlan, editsBetween, applyEdits, mergePlans, type Plan, planOf, runMigration } from '@app-assignment/codemod';
import { validateOptions } from '@app-assignment/core';
import { describe, expect, it } from 'vitest';
import { CLI, copySampleApp } from '../../../scripts/lib/proof.mjs';
import { copyProject, projectNames, sourceFiles } from '../../../scripts/lib/project-proof.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const analysis = validateOptions({});
const TOOL = 'test';

/** Every source file of a folder, by path. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries((sourceFiles(dir) as string[]).map((rel) => [rel, readFileSync(join(dir, rel), 'utf8')]));
}

async function analyzeIn(dir: string, shard?: { index: number; count: number }): Promise<Plan> {
  const report = await runMigration({ paths: ['.'], cwd: dir, analysis, dry: true, force: true, jobs: 1, project: true, ...(shard === undefined ? {} : { shard }) });
  // Through JSON, as a plan crosses processes and machines.
  return JSON.parse(JSON.stringify(planOf(report, { cwd: dir, tool: TOOL, paths: ['.'], project: true, analysis, ...(shard === undefined ? {} : { shard }) }))) as Plan;
}

async function applyIn(dir: string, plan: Plan): Promise<void> {
  const applied = await applyPlan(plan, dir, { force: true });
  expect('refused' in applied ? applied.refused : applied).toEqual([]);
}

describe('edits as plain data', () => {
  it.each([
    ['a replacement', 'const a = 1;\nfoo();\n', 'const a = 1;\nbar(2);\n'],
    ['an insertion', 'a\nb\n', 'a\n// note\nb\n'],
    ['a removal at the end', 'abc\n', 'ab'],
    ['no change', 'same', 'same'],
    ['a change beside an astral character', 'x😀y', 'x😁y'],
  ])('%s: the edits give the new text from the old', (_name, before, after) => {
    const edits = editsBetween(before, after);
    expect(applyEdits(before, edits)).toBe(after);
    for (const edit of edits) expect(edit.text).toBe(Buffer.from(edit.text, 'utf8').toString('utf8'));
  });
});

/** What the projects' plans held: a comparison over plans that change nothing would prove nothing. */
const seen = { files: 0, groups: 0, projects: 0 };

describe('analyze, merge and apply write what migrate writes, on every fixture project', () => {
  const copies: [string, (label: string) => string][] = [
    ...(projectNames()).map((name): [string, (label: string) => string] => [name, (label) => copyProject(name, label)]),
    ['sample-app (code, tests and mocks)', (label) => copySampleApp(label)],
  ];
  for (const [name, copy] of copies) {
    it(`${name}: one plan, and two shards merged`, async () => {
      const copyProject = (_name: string, label: string) => copy(label);
      const once = copyProject(name, 'once');
      const original = snapshot(once);
      await runMigration({ paths: ['.'], cwd: once, analysis, dry: false, force: true, jobs: 1, project: true });
      const expected = snapshot(once);

      const planned = copyProject(name, 'plan');
      const plan = await analyzeIn(planned);
      expect(plan.files.map((file) => file.path).sort()).toEqual(Object.keys(expected).filter((rel) => expected[rel] !== original[rel]).sort());
      await applyIn(planned, plan);
      expect(snapshot(planned)).toEqual(expected);

      const sharded = copyProject(name, 'shards');
      const units = [];
      for (const index of [1, 2]) units.push({ name: `unit ${index}`, plan: await analyzeIn(sharded, { index, count: 2 }) });
      const merged = mergePlans(units);
      expect(merged.files).toEqual(plan.files);
      expect(merged.groups).toEqual(plan.groups);
      await applyIn(sharded, merged);
      expect(snapshot(sharded)).toEqual(expected);
      seen.projects++;
      seen.files += plan.files.length;
      seen.groups += plan.groups.length;
    }, 60_000);
  }

  it('the plans compared above changed files, with groups among them', () => {
    expect(seen.projects).toBe(copies.length);
    expect(seen.files).toBeGreaterThanOrEqual(20);
    expect(seen.groups).toBeGreaterThanOrEqual(3);
  });
});

describe('the plan file', () => {
  it('has the keys its schema (docs/plan.schema.json) requires, and no other', async () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'plan.schema.json'), 'utf8')) as {
      required: string[]; properties: { files: { items: { required: string[] } } };
    };
    const plan = await analyzeIn(copyProject('wrapper-module', 'schema'));
    expect(Object.keys(plan).sort()).toEqual([...schema.required].sort());
    expect(plan.files.length).toBeGreaterThan(0);
    for (const file of plan.files) {
      expect(Object.keys(file).sort()).toEqual([...schema.properties.files.items.required].sort());
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('the three phases as separate processes', () => {
  const run = (args: string[], cwd: string) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });

  it('over three shards of wrapper-module: the same files as one migrate; a stale plan is refused with its group', () => {
    const once = copyProject('wrapper-module', 'cli-once');
    expect(run(['migrate', '.', '--force'], once).status).toBe(0);
    const expected = snapshot(once);

    const dir = copyProject('wrapper-module', 'cli-shards');
    const units = makeTempDir('app-assignment-units-');
    for (const index of [1, 2, 3]) {
      const analyzed = run(['analyze', '.', '--shard', `${index}/3`, '--out', join(units, `${index}.json`)], dir);
      expect(analyzed.status, analyzed.stderr).toBe(0);
      expect(analyzed.stdout).toContain(`(shard ${index}/3)`);
    }
    const plan = join(units, 'plan.json');
    const merged = run(['merge', units, '--out', plan], dir);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toContain('3 units merged (shards 1/3, 2/3, 3/3)');

    // One file of the wrapper's group changes after the plan was made: that group is refused whole, nothing else.
    const data = JSON.parse(readFileSync(plan, 'utf8')) as Plan;
    const group = data.groups.find((g) => g.length > 1)!;
    expect(group).toBeDefined();
    const changed = group[group.length - 1]!;
    writeFileSync(join(dir, changed), `${readFileSync(join(dir, changed), 'utf8')}// edited after the plan\n`);
    const before = snapshot(dir);
    const applied = run(['apply', plan, '--force'], dir);
    expect(applied.status, applied.stderr).toBe(1);
    expect(applied.stdout).toContain(`${changed}: changed since the plan was made: not written (analyze again, then apply the new plan)`);
    const after = snapshot(dir);
    for (const rel of group) expect(after[rel], rel).toBe(before[rel]);
    for (const file of data.files.filter((f) => !group.includes(f.path))) expect(after[file.path], file.path).toBe(expected[file.path]);

    // Put back as it was, the plan applies whole and the tree is what one migrate writes.
    writeFileSync(join(dir, changed), before[changed]!.replace('// edited after the plan\n', ''));
    const again = run(['apply', plan, '--force', '--json'], dir);
    expect(again.status, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { written: string[] }).written).toEqual(group);
    expect(snapshot(dir)).toEqual(expected);
  }, 120_000);

  it('merge refuses a missing shard, and units analyzed with other options', () => {
    const dir = copyProject('wrapper-module', 'cli-refuse');
    const units = makeTempDir('app-assignment-units-');
    run(['analyze', '.', '--shard', '1/2', '--out', join(units, '1.json')], dir);
    const missing = run(['merge', units, '--out', join(units, 'plan.json')], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('missing shard 2/2');
    run(['analyze', '.', '--shard', '2/2', '--builtin', 'drop', '--out', join(units, '2.json')], dir);
    const other = run(['merge', units, '--out', join(units, 'plan.json')], dir);
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('was analyzed with other paths or options');
    const bad = run(['apply', join(units, 'nothing.json')], dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('no such plan file');
    expect(run(['analyze', '.'], dir).stderr).toContain('--out <file> is required');

    // A plan whose path leaves the folder it is applied in is refused whole, before anything is written.
    const plan = join(units, 'whole.json');
    expect(run(['analyze', '.', '--out', plan], dir).status).toBe(0);
    const data = JSON.parse(readFileSync(plan, 'utf8')) as Plan;
    writeFileSync(plan, JSON.stringify({ ...data, files: [...data.files, { ...data.files[0]!, path: 'src/../../outside.ts' }] }));
    const before = snapshot(dir);
    const outside = run(['apply', plan, '--force'], dir);
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain('a file entry is malformed');
    expect(snapshot(dir)).toEqual(before);
  }, 60_000);
});
