/**
 * Project mode on the multi-file projects of `fixtures/projects/`: `migrate` reads each as one project and gives
 * exactly the files of its `after/` tree (every other file unchanged); a second run changes nothing; the migrated
 * project compiles with the real TypeScript compiler; and, run against the contract server, every step leaves the same
 * assignments as before. Project mode also gives per-file mode's output on every single-file case of the corpus.
 * The command runs in this process (`command` of helpers/cli.ts), as the binary runs it: what is tested is its report
 * and its writes, and TypeScript is loaded once for the file rather than once per run.
 */
import { start } from '@app-assignment/contract-server';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../../fixtures/load.js';
import { compareRuns } from '../../../scripts/lib/proof.mjs';
import {
  compileProject,
  copyProject,
  PROJECTS_DIR,
  projectNames,
  runProjectSteps,
  sourceFiles,
} from '../../../scripts/lib/project-proof.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';
import { command, migrateProject } from './helpers/cli.js';

interface Report {
  mode: { kind: string };
  totals: { changed: number; migrated: number; todos: number; callers: number; errors: number };
  files: { path: string; sites: { line: number; kind: 'call' | 'caller'; outcome: string; migrated: boolean; reason?: string; via: { path: string; line: number }[] }[] }[];
}

function expectedText(name: string, rel: string): string {
  try {
    return readFileSync(join(PROJECTS_DIR, name, 'after', rel), 'utf8');
  } catch {
    return readFileSync(join(PROJECTS_DIR, name, rel), 'utf8');
  }
}

describe('project mode on fixtures/projects', () => {
  for (const name of projectNames()) {
    // Two compiles, two runs and two servers per project: slow on a machine shared with other work.
    it(`${name}: the after/ tree, nothing more on a second run, compiles, same assignments before and after`, async () => {
      const beforeDir = copyProject(name, 'before');
      compileProject(beforeDir);
      const first = await start();
      const before = await runProjectSteps(beforeDir, first).finally(() => first.close());

      const afterDir = copyProject(name, 'after');
      const report = await migrateProject<Report>(afterDir);
      expect(report.mode.kind).toBe('project');
      expect(report.totals.errors).toBe(0);
      for (const rel of sourceFiles(afterDir) as string[]) {
        expect(readFileSync(join(afterDir, rel), 'utf8'), `${name}/${rel}`).toBe(expectedText(name, rel));
      }
      const again = await migrateProject<Report>(afterDir);
      expect(again.totals.changed).toBe(0);

      compileProject(afterDir);
      const second = await start();
      const after = await runProjectSteps(afterDir, second).finally(() => second.close());
      for (const result of compareRuns(before, after)) {
        expect(result.same, `${result.step}: ${JSON.stringify({ before: result.before, after: result.after })}`).toBe(true);
      }
    }, 240_000);
  }

  it('a project folder given from outside it is read as a project, with the same result', async () => {
    const dir = copyProject('wrapper-module', 'outside');
    const result = await command(['migrate', basename(dir), '--json', '--dry'], join(dir, '..'));
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.mode.kind).toBe('project');
    const inside = await migrateProject<Report>(dir, ['--dry']);
    expect(report.totals).toEqual(inside.totals);
  });

  it('wrapper-module: the wrapper and its callers are migrated together, each caller reported with the wrapper', async () => {
    const report = await migrateProject<Report>(copyProject('wrapper-module', 'report'), ['--dry']);
    const sites = report.files.flatMap((file) => file.sites.map((site) => ({ ...site, path: file.path })));
    const wrapper = sites.filter((site) => site.kind === 'call');
    expect(wrapper.map((site) => [site.path, site.line, site.migrated])).toEqual([['src/platform/assign.ts', 5, true]]);
    const callers = sites.filter((site) => site.kind === 'caller' && site.via.length === 1);
    expect(callers.map((site) => site.path).sort()).toEqual(['src/billing/offer.ts', 'src/internal/rollout.ts', 'src/onboarding/preinstall.ts']);
    for (const caller of callers) {
      expect(caller.migrated).toBe(true);
      expect(caller.via).toEqual([{ path: 'src/platform/assign.ts', line: 5 }]);
    }
  });

  it('wrapper-module-built-in: nothing is rewritten; the caller that passes built_in says so, the others name it', async () => {
    const report = await migrateProject<Report>(copyProject('wrapper-module-built-in', 'report'), ['--dry']);
    const byPath = new Map(report.files.map((file) => [file.path, file.sites]));
    expect(report.totals.migrated).toBe(0);
    expect(byPath.get('src/onboarding/preinstall.ts')?.[0]?.reason).toMatch(/^built_in "true" has no equivalent/);
    for (const path of ['src/billing/offer.ts', 'src/internal/rollout.ts']) {
      expect(byPath.get(path)?.[0]?.reason).toContain('the call in preInstallStarterApps (src/onboarding/preinstall.ts) cannot be migrated exactly');
    }
    // With built_in dropped every caller maps: the wrapper and its callers are migrated, the built_in one with a note.
    const dropped = await migrateProject<Report>(copyProject('wrapper-module-built-in', 'drop'), ['--dry', '--builtin', 'drop']);
    expect(dropped.totals).toMatchObject({ migrated: 1, errors: 0 });
    const preinstall = dropped.files.find((file) => file.path === 'src/onboarding/preinstall.ts')?.sites[0];
    expect(preinstall?.migrated).toBe(true);
    expect(preinstall?.reason).toContain('built_in was dropped');
  });

  it('--no-project reads each file alone, as before: no wrapper caller is followed into another module', async () => {
    const report = await migrateProject<Report>(copyProject('wrapper-module', 'files'), ['--dry', '--no-project']);
    expect(report.mode.kind).toBe('file');
    const sites = report.files.flatMap((file) => file.sites.map((site) => ({ ...site, path: file.path })));
    expect(sites.map((site) => [site.path, site.migrated])).toEqual([['src/platform/assign.ts', false]]);
  });
});

describe('project mode on the single-file corpus', () => {
  it('gives every case of fixtures/cases the same output as per-file mode', async () => {
    const dir = makeTempDir('app-assignment-cases-');
    const cases = loadCases();
    for (const fixture of cases) {
      mkdirSync(join(dir, fixture.name));
      writeFileSync(join(dir, fixture.name, basename(fixture.filename)), fixture.input);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowJs: true, jsx: 'preserve', noEmit: true }, include: ['**/*'] }));
    // Cases with options of their own are run with those options, each alone.
    const plain = cases.filter((fixture) => Object.keys(fixture.options).length === 0);
    const result = await command(['migrate', '.', '--json', '--force'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as Report).mode.kind).toBe('project');
    for (const fixture of plain) {
      const output = readFileSync(join(dir, fixture.name, basename(fixture.filename)), 'utf8');
      expect(output, fixture.name).toBe(fixture.output ?? fixture.input);
    }
    expect(plain.length).toBeGreaterThan(100);
  });
});
