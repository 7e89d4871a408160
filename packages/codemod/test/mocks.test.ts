/**
 * Mocks and assertions of the deprecated request follow their calls: the corpus in fixtures/mocks, through the
 * transform (each file alone) and through the CLI (each file alone, and a project read as one).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { validateOptions } from '@app-assignment/core';
import { migrateText } from '@app-assignment/codemod';
import { describe, expect, it } from 'vitest';
import { filesUnder, loadMockCases, loadMockProjects } from '../../../fixtures/mocks/load.js';
import { command } from '../../../scripts/lib/command.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const require = createRequire(import.meta.url);
const cases = loadMockCases();
const projects = loadMockProjects();
// The cases read with default options: jscodeshift and a CLI run over all of them take no per-case options.
const plain = cases.filter((c) => Object.keys(c.options).length === 0);
const testsIgnored = cases.filter((c) => c.options.tests === 'ignore');

interface Site { kind: string; line: number; column: number; client: string; outcome: string; migrated: boolean; reasons: readonly { code: string; key?: string }[] }
const mockSites = (sites: readonly Site[]) => sites.filter((s) => s.kind === 'mock').map((s) => ({
  line: s.line,
  column: s.column,
  library: s.client,
  outcome: s.outcome,
  reasons: s.reasons.map((r) => (r.key === undefined ? r.code : `${r.code}:${r.key}`)),
}));

describe('fixtures/mocks through the transform', () => {
  it('covers every library, rewritten and left with a TODO', () => {
    const libraries = (done: boolean) => new Set(cases.flatMap((c) => c.mocks.filter((m) => (m.outcome !== 'manual') === done).map((m) => m.library)));
    const all = ['msw', 'nock', 'axios-mock-adapter', 'fetch-mock', 'assertion'];
    expect([...libraries(true)].sort()).toEqual([...all].sort());
    // A stub that answers by testing its URL is found, and never rewritten.
    expect([...libraries(false)].sort()).toEqual([...all, 'stub'].sort());
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, fixture) => {
    const result = migrateText(fixture.input, fixture.filename, validateOptions(fixture.options));
    expect(result.output).toBe(fixture.output);
    expect(mockSites(result.sites)).toEqual(fixture.mocks);
  });

  it('under jscodeshift itself, every case gives its output', () => {
    const dir = makeTempDir('app-assignment-mocks-jscodeshift-');
    for (const fixture of plain) writeFileSync(join(dir, `${fixture.name}.test.ts`), fixture.input);
    const bin = join(require.resolve('jscodeshift/package.json'), '..', 'bin', 'jscodeshift.js');
    const run = spawnSync(process.execPath, [bin, '--no-babel', '-t', require.resolve('@app-assignment/codemod/transform'), '--extensions', 'ts', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/0 errors/);
    for (const fixture of plain) expect(readFileSync(join(dir, `${fixture.name}.test.ts`), 'utf8'), fixture.name).toBe(fixture.output);
  });

  it.each(cases.map((c) => [c.name, c] as const))('a second run over the output of %s changes nothing', (_name, fixture) => {
    expect(migrateText(fixture.output, fixture.filename, validateOptions(fixture.options)).output).toBe(fixture.output);
  });

  it('a mock whose call is migrated and the migrated call send and expect the same JSON body', () => {
    const fixture = cases.find((c) => c.name === 'assertion-fetch-stringified-body-fix')!;
    const output = migrateText(fixture.input, fixture.filename).output;
    const sent = /body: JSON\.stringify\((\{ assignee_type[^}]*\})\)/.exec(output.split('\n').find((l) => l.includes('await fetch'))!)![1]!;
    const expected = /body: JSON\.stringify\((\{ assignee_type[^}]*\})\)/.exec(output.split('\n').find((l) => l.includes('toHaveBeenCalledWith'))!)![1]!;
    const keys = (text: string) => [...text.matchAll(/(\w+):/g)].map((m) => m[1]);
    expect(keys(sent)).toEqual(keys(expected));
    expect(keys(expected)).toEqual(['assignee_type', 'assignee_uid', 'app_code_name']);
  });
});

/** `app-assignment <args>` in `cwd`, run in this process (`command`): none of these tests is about the process. */
async function cli(args: string[], cwd: string) {
  const { code: status, stdout, stderr } = await command(args, cwd);
  return { status, stdout, stderr, report: stdout.startsWith('{') ? JSON.parse(stdout) as { files: { path: string; sites: Site[] }[]; totals: Record<string, unknown> } : undefined };
}

describe('fixtures/mocks through the CLI', () => {
  it('each file alone (--no-project): the same files and the same mock sites as the transform', async () => {
    const dir = makeTempDir('app-assignment-mocks-');
    for (const fixture of plain) writeFileSync(join(dir, `${fixture.name}.test.ts`), fixture.input);
    const run = await cli(['migrate', '.', '--json', '--force', '--no-project'], dir);
    expect(run.status, run.stderr).toBe(0);
    for (const fixture of plain) {
      expect(readFileSync(join(dir, `${fixture.name}.test.ts`), 'utf8'), fixture.name).toBe(fixture.output);
      const file = run.report!.files.find((f) => f.path === `${fixture.name}.test.ts`)!;
      expect(mockSites(file.sites), fixture.name).toEqual(fixture.mocks);
    }
    const mocks = plain.flatMap((c) => c.mocks);
    expect(run.report!.totals.mocks).toEqual({
      migrated: mocks.filter((m) => m.outcome !== 'manual').length,
      todos: mocks.filter((m) => m.outcome !== 'fix').length,
    });
  });

  it('--tests ignore: the cases written for it give their output, and by default their calls stay with their mocks', async () => {
    expect(testsIgnored.length).toBeGreaterThan(0);
    const dir = makeTempDir('app-assignment-mocks-ignore-');
    for (const fixture of testsIgnored) writeFileSync(join(dir, `${fixture.name}.test.ts`), fixture.input);
    const dry = await cli(['migrate', '.', '--json', '--dry', '--no-project'], dir);
    for (const fixture of testsIgnored) {
      // By default (`--tests follow`) the call is kept with the mock that cannot follow it, and says why.
      const sites = dry.report!.files.find((f) => f.path === `${fixture.name}.test.ts`)!.sites;
      expect(sites.filter((s) => s.kind !== 'mock').every((s) => !s.migrated && s.reasons.some((r) => r.code === 'call-mock-held')), fixture.name).toBe(true);
    }
    const run = await cli(['migrate', '.', '--json', '--force', '--no-project', '--tests', 'ignore'], dir);
    expect(run.status, run.stderr).toBe(0);
    for (const fixture of testsIgnored) {
      expect(readFileSync(join(dir, `${fixture.name}.test.ts`), 'utf8'), fixture.name).toBe(fixture.output);
      const file = run.report!.files.find((f) => f.path === `${fixture.name}.test.ts`)!;
      expect(mockSites(file.sites), fixture.name).toEqual(fixture.mocks);
      expect(file.sites.filter((s) => s.kind !== 'mock').some((s) => s.migrated), fixture.name).toBe(true);
    }
    expect((await cli(['migrate', '.', '--tests', 'sometimes'], dir)).stderr).toContain('--tests must be "follow" or "ignore"');
  });

  it.each(projects.map((p) => [p.name, p] as const))('project %s: every file as output/ has it, the others unchanged', async (_name, project) => {
    const dir = makeTempDir('app-assignment-mocks-project-');
    cpSync(project.input, dir, { recursive: true });
    const run = await cli(['migrate', '.', '--json', '--force'], dir);
    expect(run.status, run.stderr).toBe(0);
    for (const file of filesUnder(project.input)) {
      const path = relative(project.input, file);
      expect(readFileSync(join(dir, path), 'utf8'), path).toBe(project.changed.get(path) ?? readFileSync(file, 'utf8'));
    }
    // A second run changes nothing.
    const again = await cli(['migrate', '.', '--json', '--force'], dir);
    expect(again.report!.totals.changed).toBe(0);
  });

  it('project wildcard-reach: a wildcard handler follows the calls its tests reach, and only those', async () => {
    const project = projects.find((p) => p.name === 'wildcard-reach')!;
    const dir = makeTempDir('app-assignment-mocks-scan-');
    cpSync(project.input, dir, { recursive: true });
    const scan = await cli(['scan', '--json'], dir);
    const mocks = scan.report!.files.flatMap((f) => f.sites.filter((s) => s.kind === 'mock').map((s) => [f.path, s.client, s.outcome, s.reasons.map((r) => r.code).join(',')]));
    expect(mocks).toEqual([
      ['test/everyone.test.ts', 'nock', 'manual', 'built-in-unsupported'],
      ['test/handlers.ts', 'msw', 'fix', ''],
      ['test/offer.test.ts', 'msw', 'fix', ''],
      ['test/setup.ts', 'msw', 'manual', 'mock-call-held'],
    ]);
    // Read alone, no file shows the calls its mocks stand for (the built_in mock keeps its own reason).
    const alone = await cli(['scan', '--json', '--no-project'], dir);
    const codes = alone.report!.files.flatMap((f) => f.sites.filter((s) => s.kind === 'mock').map((s) => [f.path, s.reasons.map((r) => r.code).join(',')]));
    expect(codes).toEqual([
      ['test/everyone.test.ts', 'built-in-unsupported'],
      ['test/handlers.ts', 'mock-calls-unseen'],
      ['test/offer.test.ts', 'mock-calls-unseen'],
      ['test/setup.ts', 'mock-calls-unseen'],
    ]);
  });

  it('the text table lists the mocks apart; Markdown and HTML count calls, with one line for the mocks', async () => {
    const project = projects.find((p) => p.name === 'wildcard-reach')!;
    const dir = makeTempDir('app-assignment-mocks-reports-');
    cpSync(project.input, dir, { recursive: true });
    const text = (await cli(['scan'], dir)).stdout;
    expect(text).toContain('2 deprecated calls: 1 with an exact rewrite, 1 for a person (0 of them rewritten with a note); 4 mocks in tests: 2 follow their calls, 2 for a person;');
    expect(text).toMatch(/test\/setup\.ts:4:25 +msw \(mock\) +manual +leaves a TODO +this mock stands for the call in installForEveryone/);
    const markdown = (await cli(['scan', '--format', 'markdown'], dir)).stdout;
    expect(markdown).toContain('**2** deprecated calls in 2 of 6 files scanned');
    expect(markdown).toContain('4 mocks or assertions of the request in tests: 2 follow their calls to v3, 2 for a person');
    await cli(['scan', '--format', 'html', '--out', 'report.html'], dir);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('<div class="value" id="total">2</div>');
    expect(html).toContain('4 mocks or assertions of the request in tests');
  });
});
