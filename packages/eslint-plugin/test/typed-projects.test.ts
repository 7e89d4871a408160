/**
 * Typed linting decides as the codemod's project mode does: on every project of `fixtures/projects/`, real ESLint with
 * type information (`projectService`) and `followImports` reports exactly the sites that `app-assignment scan --json`
 * lists (calls of wrappers included), each with scan's outcome and reasons, and `eslint --fix` with `autofix` writes
 * the project's `after/` tree (the golden files of the codemod's tests). Without type information it keeps its per-file
 * reports.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { describeReasons, ReasonCode } from '@app-assignment/core';
import plugin from 'eslint-plugin-app-assignment';
import { command } from '../../../scripts/lib/command.mjs';
import { copyProject, PROJECTS_DIR, projectNames } from '../../../scripts/lib/project-proof.mjs';

interface ScanSite {
  line: number;
  column: number;
  outcome: 'fix' | 'review' | 'choose' | 'manual';
  reason?: string;
  withWrapper?: true;
  together?: string[];
  withCallers?: number;
}

interface ScanReport {
  files: { path: string; sites: ScanSite[] }[];
}

const RULE = 'app-assignment/no-deprecated-assign';
const messages = (plugin.rules['no-deprecated-assign'].meta?.messages ?? {}) as Record<string, string>;
const MESSAGE_OF_OUTCOME = { fix: 'deprecated', review: 'deprecatedReview', choose: 'deprecatedChoose', manual: 'deprecatedManual' } as const;

/** `app-assignment scan . --json` in the folder, run in this process as the binary runs it (scripts/lib/command.mjs). */
async function scan(dir: string, extra: string[] = []): Promise<ScanReport> {
  const run = await command(['scan', '.', '--json', ...extra], dir);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as ScanReport;
}

async function scanSites(dir: string, extra: string[] = []): Promise<string[]> {
  return (await scan(dir, extra)).files.flatMap((file) => file.sites.map((site) => `${file.path}:${site.line}:${site.column}`)).sort();
}

/**
 * Each site of scan that a person reads (not a call that goes with its wrapper: `withWrapper`), with the message the
 * rule gives that outcome and those reasons; a rewrite that changes several files (`together`) names them instead of
 * offering a fix.
 */
async function scanMessages(dir: string): Promise<string[]> {
  return (await scan(dir)).files.flatMap((file) => file.sites.filter((site) => site.withWrapper !== true).map((site) => {
    const id = site.together === undefined ? MESSAGE_OF_OUTCOME[site.outcome] : site.outcome === 'fix' ? 'deprecatedGroup' : 'deprecatedGroupReview';
    const n = site.withCallers ?? 0;
    const callers = n === 0 ? '' : ` It also speaks for ${n} call${n === 1 ? '' : 's'} of the function that pass${n === 1 ? 'es' : ''} neither route nor body.`;
    const text = messages[id]!.replace('{{reasons}}', site.reason ?? '').replace('{{files}}', (site.together ?? []).join(' ')).replace('{{callers}}', callers);
    return `${file.path}:${site.line}:${site.column} ${text}`;
  })).sort();
}

/** The files whose calls scan says change together with other files: no lint of one file may fix them. */
async function filesOfGroups(dir: string): Promise<Set<string>> {
  return new Set((await scan(dir)).files.flatMap((file) => file.sites.flatMap((site) => site.together ?? [])));
}

/**
 * The monorepo's root config only references its packages, and `projectService` lints each package with its own
 * program, which holds none of the other package's callers. Scan reads the whole repository; the lint that matches it
 * is the one over a single program of both packages, as typescript-eslint documents for monorepos: a
 * `tsconfig.eslint.json` at the root that includes every package (written into the copy here).
 */
function onePerRepository(dir: string): Linter.ParserOptions {
  if (!existsSync(join(dir, 'packages'))) return { projectService: true, tsconfigRootDir: dir };
  writeFileSync(join(dir, 'tsconfig.eslint.json'), JSON.stringify({
    extends: './tsconfig.base.json',
    compilerOptions: { composite: false, noEmit: true, paths: { '@acme/api-client': ['./packages/api-client/src/index.ts'] } },
    include: ['packages/*/src'],
  }));
  return { project: 'tsconfig.eslint.json', tsconfigRootDir: dir };
}

type Typing = 'none' | 'project service' | 'one program';

function engine(dir: string, typing: Typing, fix = false): ESLint {
  // One process lints many temporary projects here, which no single ESLint run does: typescript-eslint's single-run
  // mode (its default when CI=true) keeps every program it makes for the life of the process, and this file's 44 lints
  // then outgrow the heap. The programs of a long-running session, which it frees, are what every run here gets.
  const typed = typing === 'none' ? {} : typing === 'one program' ? onePerRepository(dir) : { projectService: true, tsconfigRootDir: dir };
  const parserOptions = typing === 'none' ? typed : { ...typed, disallowAutomaticSingleRunInference: true };
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser, parserOptions },
      plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
      rules: { [RULE]: ['error', { followImports: typing !== 'none', autofix: fix }] },
    },
  ];
  return new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config, ignorePatterns: ['**/dist/**'], fix });
}

async function lint(dir: string, typing: Typing): Promise<ESLint.LintResult[]> {
  const results = await engine(dir, typing).lintFiles(['**/*.ts']);
  for (const result of results) expect(result.messages.filter((m) => m.fatal === true), result.filePath).toEqual([]);
  return results;
}

function located(dir: string, results: ESLint.LintResult[], withText: boolean): string[] {
  return results.flatMap((result) => result.messages
    .filter((m) => m.ruleId === RULE)
    .map((m) => `${relative(dir, result.filePath).split(sep).join('/')}:${m.line}:${m.column}${withText ? ` ${m.message}` : ''}`)).sort();
}

/** Every file under a folder, by path relative to it. */
function filesUnder(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    return entry.isDirectory() ? filesUnder(dir, path) : [path];
  });
}

/** ESLint writes no comment: the golden files are compared with their `TODO(app-assignment)` comment lines removed. */
const withoutTodoLines = (text: string): string => text.replace(/^[ \t]*\/\/ TODO\(app-assignment\):.*\r?\n/gm, '');

describe('typed linting reports the sites scan lists, with its outcomes and reasons', () => {
  for (const name of projectNames()) {
    it(`${name}: ESLint with followImports and scan agree on every site, outcome and reason; without type information, ESLint and scan --no-project agree on the sites`, async () => {
      const dir = copyProject(name, 'lint');
      const typed = located(dir, await lint(dir, 'one program'), true);
      expect(typed.length).toBeGreaterThan(0);
      expect(typed).toEqual(await scanMessages(dir));
      expect(located(dir, await lint(dir, 'none'), false)).toEqual(await scanSites(dir, ['--no-project']));
    });
  }

  it('wrapper-module: the callers of an exported wrapper in three other files are fixes, not wrapper-callers-unknown', async () => {
    const dir = copyProject('wrapper-module', 'lint');
    const results = await lint(dir, 'project service');
    const sites = results.flatMap((result) => result.messages.filter((m) => m.ruleId === RULE).map((m) => ({ ...m, file: relative(dir, result.filePath).split(sep).join('/') })));
    // The callers in main.ts pass neither route nor body and change nothing: the wrapper's request speaks for them.
    expect(sites.map((m) => m.file).sort()).toEqual(['src/billing/offer.ts', 'src/internal/rollout.ts', 'src/onboarding/preinstall.ts', 'src/platform/assign.ts']);
    expect(sites.every((m) => m.messageId === 'deprecatedGroup')).toBe(true);
    expect(sites[0]!.message).toContain('run `app-assignment migrate src/billing/offer.ts src/internal/rollout.ts src/onboarding/preinstall.ts src/platform/assign.ts`');
    // The group's rewrite changes four files: none of them is offered as a fix or a suggestion of one file.
    for (const message of sites) expect([message.fix, message.suggestions ?? []]).toEqual([undefined, []]);
  });

  it('wrapper-module: eslint --fix of one file of the group, or of all of them, changes no file', async () => {
    for (const patterns of [['src/platform/assign.ts'], ['src/billing/offer.ts'], ['**/*.ts']]) {
      const dir = copyProject('wrapper-module', 'one-file');
      const before = new Map(filesUnder(dir).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
      const results = await engine(dir, 'project service', true).lintFiles(patterns);
      expect(results.flatMap((result) => result.messages.filter((m) => m.ruleId === RULE)).length).toBeGreaterThan(0);
      await ESLint.outputFixes(results);
      expect([...before].filter(([path, text]) => readFileSync(join(dir, path), 'utf8') !== text).map(([path]) => path), patterns.join(' ')).toEqual([]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a group with a file that the program of another file does not lint', () => {
  it('monorepo with projectService: each package has its own program, so the wrapper of the client package and its callers in the app are held back, and --fix migrates only the call outside that group', async () => {
    const dir = copyProject('monorepo', 'programs');
    const before = new Map(filesUnder(dir).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
    const results = await lint(dir, 'project service');
    const byFile = (file: string) => results.find((result) => relative(dir, result.filePath).split(sep).join('/') === file)!.messages
      .filter((m) => m.ruleId === RULE).map((m) => `${m.line}:${m.column} ${m.messageId}`);
    // The client package's program holds no caller: the wrapper's request, read alone, has a body built at run time.
    expect(byFile('packages/api-client/src/assign.ts')).toEqual(['5:21 deprecatedManual']);
    const client = results.find((r) => r.filePath.endsWith(join('api-client', 'src', 'assign.ts')))!.messages;
    expect(client.map((m) => m.message)).toEqual([messages.deprecatedManual!.replace('{{reasons}}', describeReasons([{ code: ReasonCode.bodyDynamic }]))]);
    // The app's program sees the wrapper, but another program lints it: its callers say that not every use is seen.
    const unknown = messages.deprecatedManual!.replace('{{reasons}}', describeReasons([{ code: ReasonCode.wrapperCallersUnknown }]));
    const appMessages = results.filter((r) => r.filePath.includes(`${sep}app${sep}`)).flatMap((r) => r.messages.filter((m) => m.ruleId === RULE));
    // Its callers are held back for the wrapper's own reasons: the wrapper's request (linted with the client package)
    // speaks for them, so the app's lint reports none of them apart.
    expect(appMessages.filter((m) => m.message === unknown)).toHaveLength(0);
    // offers.ts:10 sends its own request and main.ts:7 calls it: both in the app's program, migrated together.
    // (offers.ts:5 calls the held wrapper: the wrapper's request speaks for it.)
    expect(byFile('packages/app/src/offers.ts')).toEqual(['10:21 deprecated']);

    const fixed = await engine(dir, 'project service', true).lintFiles(['**/*.ts']);
    await ESLint.outputFixes(fixed);
    const changed = [...before].filter(([path, text]) => readFileSync(join(dir, path), 'utf8') !== text).map(([path]) => path);
    expect(changed).toEqual(['packages/app/src/offers.ts']);
    // Only the call that sends its own request is migrated; the caller of the wrapper keeps the body the wrapper sends.
    const offers = readFileSync(join(dir, 'packages/app/src/offers.ts'), 'utf8');
    expect(offers).toContain("platform.post(`/v3/apps/app_assignments`, { assignee_type: 'directory'");
    expect(offers).toContain('assignApp(code, { business_uid: businessUid })');
  });

  it('wrapper-module with a caller in a file the program does not hold: the group is held back, and --fix changes nothing', async () => {
    const dir = copyProject('wrapper-module', 'outside');
    // tsconfig.json includes src/ only; a test file beside it calls the wrapper with a body that maps exactly.
    mkdirSync(join(dir, 'test'));
    writeFileSync(join(dir, 'test', 'seed.ts'), "import { assignApp } from '../src/platform/assign.js';\n\nexport const seed = () => assignApp('harbor-reviews', { business_uid: 'biz_seed' });\n");
    const before = new Map(filesUnder(dir).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
    const results = await engine(dir, 'project service').lintFiles(['src/**/*.ts']);
    const reported = results.flatMap((result) => result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message));
    const unknown = messages.deprecatedManual!.replace('{{reasons}}', describeReasons([{ code: ReasonCode.wrapperCallersUnknown }]));
    // Every caller is held back for the wrapper's own reasons: the wrapper's request speaks for them.
    expect(reported).toEqual([unknown]);
    await ESLint.outputFixes(await engine(dir, 'project service', true).lintFiles(['src/**/*.ts']));
    expect([...before].filter(([path, text]) => readFileSync(join(dir, path), 'utf8') !== text)).toEqual([]);
  });
});

/**
 * Projects whose migration rewrites a module that holds no call of it (a body type shared by bodies in other modules):
 * no lint of one file can make that edit, so ESLint reports the sites as `migrate` does and fixes nothing.
 */
const REPORTED_ONLY = new Set(['shared-body-type']);

describe('eslint --fix with followImports and autofix writes the after/ tree of the codemod', () => {
  for (const name of projectNames()) {
    const what = REPORTED_ONLY.has(name) ? 'no file changes, and no site offers a fix or a suggestion' : 'every file is the golden file without its TODO lines, and every other file is unchanged';
    it(`${name}: ${what}; the files of a group that spans files are left as they are`, async () => {
      const dir = copyProject(name, 'fix');
      const grouped = await filesOfGroups(dir);
      const before = new Map(filesUnder(dir).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
      const results = await engine(dir, 'one program', true).lintFiles(['**/*.ts']);
      await ESLint.outputFixes(results);
      if (REPORTED_ONLY.has(name)) {
        const messages = results.flatMap((result) => result.messages.filter((m) => m.ruleId === RULE));
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) expect([message.fix, message.suggestions ?? []]).toEqual([undefined, []]);
      }
      const after = join(PROJECTS_DIR, name, 'after');
      const golden = new Map(filesUnder(after).map((path) => [path, readFileSync(join(after, path), 'utf8')]));
      for (const [path, text] of before) {
        const expected = golden.has(path) && !REPORTED_ONLY.has(name) && !grouped.has(path) ? withoutTodoLines(golden.get(path)!) : text;
        if (path === 'tsconfig.eslint.json') continue;
        expect(readFileSync(join(dir, path), 'utf8'), path).toBe(expected);
      }
      for (const path of golden.keys()) expect(existsSync(join(dir, path)), path).toBe(true);
    });
  }
});
