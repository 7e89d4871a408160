/**
 * Project mode is what a user gets by default, so it must never be more timid than reading each file alone: over every
 * case of `fixtures/cases/` and every project of `fixtures/projects/`, each call that `--no-project` migrates is
 * migrated in project mode too, unless project mode found a fact that a file read alone cannot see, and its reasons
 * name it (the codes below, each a fact about other files).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCases } from '../../../fixtures/load.js';
import { copyProject, projectNames } from '../../../scripts/lib/project-proof.mjs';
import { command } from './helpers/cli.js';

/** Reasons that name what only other files show. */
const FACTS_OF_OTHER_FILES: ReadonlySet<string> = new Set([
  // Setup of the call's client written in another module (axios defaults, interceptors).
  'client-setup',
  // A class field written, or a class extended, in another module.
  'client-field-unknown',
  // A wrapper's callers in other modules: one that cannot be migrated, uses that cannot all be seen, different rewrites.
  'wrapper-held-back',
  'wrapper-callers-unknown',
  'wrapper-script-global',
  'wrapper-callers',
  'wrapper-callers-differ',
  // A body type used by declarations in other modules.
  'body-typed',
  // An app code from a map or enum of another module that holds no constant string code (a numeric enum member).
  'app-id-not-constant',
  'app-id-numeric',
]);

interface Site {
  line: number;
  column: number;
  kind: string;
  outcome: string;
  migrated: boolean;
  reasons: { code: string; key?: string }[];
}
interface Report {
  mode: { kind: string };
  files: { path: string; sites: Site[] }[];
}

/** `migrate . --dry --json --force` in the folder, run in this process as the binary runs it (helpers/cli.ts). */
async function scan(dir: string, args: string[]): Promise<Report> {
  const result = await command(['migrate', '.', '--dry', '--json', '--force', ...args], dir);
  expect(result.stdout, result.stderr).not.toBe('');
  return JSON.parse(result.stdout) as Report;
}

/** Every call site (no mocks) by `path:line:column`. */
function sitesOf(report: Report): Map<string, Site> {
  const sites = new Map<string, Site>();
  for (const file of report.files) {
    for (const site of file.sites) if (site.kind !== 'mock') sites.set(`${file.path}:${site.line}:${site.column}`, site);
  }
  return sites;
}

/** The calls `--no-project` migrates that project mode does not, for no fact of other files. */
async function timidIn(dir: string, args: string[], label: string): Promise<{ violations: string[]; migratedPerFile: number }> {
  const perFile = await scan(dir, [...args, '--no-project']);
  const project = await scan(dir, args);
  expect(perFile.mode.kind, label).toBe('file');
  expect(project.mode.kind, label).toBe('project');
  const inProject = sitesOf(project);
  const violations: string[] = [];
  let migratedPerFile = 0;
  for (const [place, site] of sitesOf(perFile)) {
    if (!site.migrated) continue;
    migratedPerFile++;
    const there = inProject.get(place);
    if (there === undefined) {
      violations.push(`${label} ${place}: migrated per file, not reported in project mode`);
      continue;
    }
    if (there.migrated || there.reasons.some((reason) => FACTS_OF_OTHER_FILES.has(reason.code))) continue;
    violations.push(`${label} ${place}: migrated per file; project mode ${there.outcome}: ${there.reasons.map((r) => r.code).join(', ') || 'no reason'}`);
  }
  return { violations, migratedPerFile };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('project mode migrates every call --no-project migrates, unless it names a fact of other files', () => {
  it('every case of fixtures/cases, grouped by its options', async () => {
    const groups = new Map<string, ReturnType<typeof loadCases>>();
    for (const fixture of loadCases()) {
      const key = JSON.stringify(fixture.options);
      groups.set(key, [...(groups.get(key) ?? []), fixture]);
    }
    const violations: string[] = [];
    let migrated = 0;
    for (const [key, cases] of groups) {
      const dir = mkdtempSync(join(tmpdir(), 'app-assignment-timid-cases-'));
      made.push(dir);
      for (const fixture of cases) {
        mkdirSync(join(dir, fixture.name));
        writeFileSync(join(dir, fixture.name, basename(fixture.filename)), fixture.input);
      }
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowJs: true, jsx: 'preserve', noEmit: true }, include: ['**/*'] }));
      const options = JSON.parse(key) as { builtIn?: string; clients?: unknown[]; routes?: unknown[] };
      const args: string[] = [];
      if (options.builtIn !== undefined) args.push('--builtin', options.builtIn);
      if (options.clients !== undefined || options.routes !== undefined) {
        writeFileSync(join(dir, 'app-assignment.config.json'), JSON.stringify({ clients: options.clients ?? [], routes: options.routes ?? [] }));
        args.push('--config', 'app-assignment.config.json');
      }
      const found = await timidIn(dir, args, `cases ${key}`);
      violations.push(...found.violations);
      migrated += found.migratedPerFile;
    }
    expect(violations).toEqual([]);
    // Not vacuous: most of the corpus is migrated per file.
    expect(migrated).toBeGreaterThan(80);
  });

  for (const name of projectNames()) {
    it(`fixtures/projects/${name}`, async () => {
      const dir = copyProject(name, 'timid');
      made.push(dir);
      expect((await timidIn(dir, [], name)).violations).toEqual([]);
    });
  }
});
