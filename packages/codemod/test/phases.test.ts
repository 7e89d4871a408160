/**
 * `migrate` in three phases: `analyze` writes a plan (each file's edits as ranges and text, the files written
 * together), `merge` joins the units of a sharded analysis, `apply` writes a plan. On every fixture project the files
 * written are the same bytes as one `migrate`, whole or over shards; a plan whose files changed since is refused file
 * by file, with the groups those files belong to, and every other file is written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPlan, codeownersKeys, editsBetween, applyEdits, mergePlans, NOBODY, type Plan, planOf, planOwners, runMigration } from '@app-assignment/codemod';
import { validateOptions } from '@app-assignment/core';
import { describe, expect, it } from 'vitest';
import { CLI, copySampleApp } from '../../../scripts/lib/proof.mjs';
import { command } from '../../../scripts/lib/command.mjs';
import { copyProject, projectNames, sourceFiles } from '../../../scripts/lib/project-proof.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const analysis = validateOptions({});
const TOOL = 'test';

/** Every source file of a folder, by path. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries((sourceFiles(dir) as string[]).map((rel) => [rel, readFileSync(join(dir, rel), 'utf8')]));
}

async function analyzeIn(dir: string, shard?: { index: number; count: number }): Promise<Plan> {
  const report = await runMigration({ paths: ['.'], cwd: dir, analysis, dry: true, force: true, jobs: 1, project: true, recordInputs: true, ...(shard === undefined ? {} : { shard }) });
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

describe('one pull request per owner (apply --owners, apply --owner)', () => {
  // wrapper-module's changes are one group (the wrapper and its callers in three folders of three owners): it goes whole
  // to one owner. The sample app's code and tests have two owners, each with changes of its own, and a call in src/ goes with the mock in test/ that stands for it.
  const OWNERS = {
    'wrapper-module': { codeowners: '* @org/platform\n/src/billing/ @org/billing\n/src/onboarding/ @org/onboarding @org/growth\n', owners: 1, spanning: true },
    'sample-app': { codeowners: '# the app and its tests\n/src/ @org/app\n/test/ @org/qa\n', owners: 2, spanning: true },
  } as const;
  const copyOf = (name: keyof typeof OWNERS, label: string) => (name === 'sample-app' ? copySampleApp(label) : copyProject(name, label));

  for (const name of Object.keys(OWNERS) as (keyof typeof OWNERS)[]) {
    it(`${name}: each owner's part holds whole groups, and all parts together are what one migrate writes`, async () => {
      const once = copyOf(name, 'owners-once');
      await runMigration({ paths: ['.'], cwd: once, analysis, dry: false, force: true, jobs: 1, project: true });
      const expected = snapshot(once);

      const dir = copyOf(name, 'owners');
      writeFileSync(join(dir, 'CODEOWNERS'), OWNERS[name].codeowners);
      const original = snapshot(dir);
      const planPath = join(makeTempDir('app-assignment-owners-'), 'plan.json');
      expect((await command(['analyze', '.', '--out', planPath], dir)).code).toBe(0);
      const plan = JSON.parse(readFileSync(planPath, 'utf8')) as Plan;
      const keyOf = codeownersKeys(dir)!;
      const listed = await command(['apply', planPath, '--owners'], dir);
      expect(listed.code, listed.stderr).toBe(0);
      const owners = JSON.parse(listed.stdout) as string[];
      expect(owners).toEqual(planOwners(plan, keyOf).map((entry) => entry.owner));
      expect(owners.length).toBe(OWNERS[name].owners);

      // The group a file is written in goes to the owners of its first file, here and in the listing.
      const detailed = JSON.parse((await command(['apply', planPath, '--owners', '--json'], dir)).stdout) as { owner: string; files: string[]; spanning: string[][] }[];
      const spanning = plan.groups.filter((group) => group.some((path) => keyOf(path) !== keyOf(group[0]!)));
      expect(spanning.length > 0).toBe(OWNERS[name].spanning);
      expect(detailed.flatMap((entry) => entry.spanning)).toEqual(spanning);
      expect(detailed.flatMap((entry) => entry.files).sort()).toEqual(plan.files.map((file) => file.path).sort());

      for (const [i, owner] of owners.entries()) {
        const applied = await command(['apply', planPath, '--owner', owner, '--force', '--json'], dir);
        expect(applied.code, applied.stderr).toBe(0);
        const written = (JSON.parse(applied.stdout) as { written: string[] }).written;
        expect(written.length).toBeGreaterThan(0);
        // Never half a group: every group this owner wrote a file of is written whole, by this owner alone.
        for (const group of plan.groups.filter((g) => g.some((path) => written.includes(path)))) {
          expect(written, `${owner}: ${group.join(', ')}`).toEqual(expect.arrayContaining([...group]));
          expect(keyOf(group[0]!)).toBe(owner);
        }
        // What the owners not yet applied hold is still as it was.
        const now = snapshot(dir);
        const later = new Set(owners.slice(i + 1));
        for (const file of plan.files.filter((f) => !written.includes(f.path))) {
          const group = plan.groups.find((g) => g.includes(file.path)) ?? [file.path];
          if (later.has(keyOf(group[0]!))) expect(now[file.path], file.path).toBe(original[file.path]);
        }
      }
      expect(snapshot(dir)).toEqual({ ...expected });
    }, 120_000);
  }

  it('refuses an owner the plan has nothing for, --owner beside --shard, and a repository without CODEOWNERS', async () => {
    const dir = copyProject('wrapper-module', 'owners-refuse');
    const planPath = join(makeTempDir('app-assignment-owners-'), 'plan.json');
    expect((await command(['analyze', '.', '--out', planPath], dir)).code).toBe(0);
    const plan = JSON.parse(readFileSync(planPath, 'utf8')) as Plan;
    expect(plan.groups).toHaveLength(1);
    const none = await command(['apply', planPath, '--owners'], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('has none (looked for .github/CODEOWNERS, CODEOWNERS, docs/CODEOWNERS)');

    writeFileSync(join(dir, 'CODEOWNERS'), '* @org/platform\n');
    const before = snapshot(dir);
    const stranger = await command(['apply', planPath, '--owner', '@org/else', '--force'], dir);
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain('the plan changes nothing that @org/else owns: its owners are @org/platform');
    const both = await command(['apply', planPath, '--owner', '@org/platform', '--shard', '1/2', '--force'], dir);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--shard and --owner choose the part of the plan each in its own way');
    expect(snapshot(dir)).toEqual(before);
    // A file CODEOWNERS gives no one belongs to "nobody" (the group's first file is src/billing/offer.ts).
    writeFileSync(join(dir, 'CODEOWNERS'), '/src/onboarding/ @org/onboarding\n');
    const listed = JSON.parse((await command(['apply', planPath, '--owners'], dir)).stdout) as string[];
    expect(listed).toEqual([NOBODY]);
    const applied = await command(['apply', planPath, '--owner', NOBODY, '--force', '--json'], dir);
    expect(applied.code, applied.stderr).toBe(0);
    expect((JSON.parse(applied.stdout) as { written: string[] }).written).toEqual(plan.groups[0]);
  }, 60_000);
});
