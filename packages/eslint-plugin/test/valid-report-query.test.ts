/**
 * `valid-report-query` over its case folders (`fixtures/rules/valid-report-query/`): every case with
 * @typescript-eslint/parser, the JavaScript ones again with espree (as a module, CommonJS for `.cjs`); and the cases
 * whose input imports modules of its folder (`typed` in case.json) with type information from the folder's own
 * tsconfig.json (`parserOptions.project`: one program per case, as one application), following imports and not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, parse, relative } from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import * as espree from 'espree';
import plugin from 'eslint-plugin-app-assignment';
import { afterAll, describe, expect, it } from 'vitest';
import type { MessageIds, RuleOptions } from '../src/rules/valid-report-query.js';
import { followingImports, isJavaScript, loadRuleCases, RULE_CASES_DIR, type RuleCase, ruleSuite } from './rule-cases.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const RULE = 'valid-report-query';
const rule = plugin.rules[RULE];
const cases = loadRuleCases(RULE);

describe('with @typescript-eslint/parser (every case)', () => {
  new RuleTester().run(RULE, rule, ruleSuite<MessageIds, [RuleOptions]>(cases));
});

describe('with espree (JavaScript cases)', () => {
  const base = { parser: espree, ecmaVersion: 'latest' as const };
  const js = cases.filter(isJavaScript);
  new RuleTester({ languageOptions: { ...base, sourceType: 'module' } }).run(RULE, rule, ruleSuite<MessageIds, [RuleOptions]>(js.filter((c) => c.ext !== 'cjs')));
  new RuleTester({ languageOptions: { ...base, sourceType: 'commonjs' } }).run(`${RULE} (CommonJS)`, rule, ruleSuite<MessageIds, [RuleOptions]>(js.filter((c) => c.ext === 'cjs')));
});

describe('with type information (the cases that import modules of their folder)', () => {
  const root = join(RULE_CASES_DIR, RULE);
  const typed = cases.filter((c) => c.typed !== undefined);
  const ruleTester = new RuleTester({ languageOptions: { parserOptions: { tsconfigRootDir: root } } });
  // The rule tester joins the file name to tsconfigRootDir: name each case's file from there. It lints a typed file
  // with the file system's root as the working directory, which the places in messages name files from; case.json
  // names them from the rule's folder.
  const fromRoot = (c: RuleCase): RuleCase => ({ ...c, filename: join(c.name, `input.${c.ext}`) });
  const placed = (place: string) =>
    place.replace(/\(([^()]+)\)$/, (_, file: string) => `(${relative(parse(root).root, join(root, file)).split('\\').join('/')})`);
  const withPlaces = (c: RuleCase): RuleCase => ({
    ...c,
    errors: c.errors.map((e) => (e.data?.place === undefined ? e : { ...e, data: { ...e.data, place: placed(e.data.place) } })),
  });
  /** Each case in the program of its own folder's tsconfig.json. */
  const suite = (list: RuleCase[]) => {
    const { valid, invalid } = ruleSuite<MessageIds, [RuleOptions]>(list);
    const project = (filename: string | undefined) => ({ parserOptions: { project: join(filename!, '..', 'tsconfig.json') } });
    return {
      valid: valid.map((test) => ({ ...test, languageOptions: project(test.filename) })),
      invalid: invalid.map((test) => ({ ...test, languageOptions: project(test.filename) })),
    };
  };

  it('has cases that follow imports, and cases where following them changes what is reported', () => {
    expect(typed.length).toBeGreaterThan(0);
    expect(typed.some((c) => JSON.stringify(c.typed!.errors) !== JSON.stringify(c.errors))).toBe(true);
  });

  describe('followImports: imports of the program are followed', () => {
    ruleTester.run(`${RULE} (followImports)`, rule, suite(followingImports(typed).map(fromRoot).map(withPlaces)));
  });

  describe('without followImports: a program alone changes nothing, the rule reads each file by itself', () => {
    ruleTester.run(`${RULE} (typed, per file)`, rule, suite(typed.map(fromRoot)));
  });
});

describe('configs and type information', () => {
  it('follows imports in recommendedTypeChecked only', () => {
    expect(plugin.configs.recommended.rules).toHaveProperty(`app-assignment/${RULE}`, 'error');
    expect(plugin.configs.recommendedTypeChecked.rules).toHaveProperty(`app-assignment/${RULE}`, ['error', { followImports: true }]);
  });

  it('asked to follow imports without type information, stops with the message that names what is missing', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = [
      {
        files: ['**/*.js'],
        languageOptions: { parser: espree, ecmaVersion: 'latest' as const, sourceType: 'module' as const },
        plugins: { 'app-assignment': plugin },
        rules: { [`app-assignment/${RULE}`]: ['error', { followImports: true }] },
      },
    ] as unknown as Linter.Config[];
    const code = "import { partners } from './api.js';\npartners.get('/v1/partners/reports/business', { params: { email } });\n";
    expect(() => linter.verify(code, config, { filename: 'a.js' })).toThrow(/requires type information|parserOptions\.project/);
  });

  it('beside no-deprecated-assign with routes of its own, each rule reads the modules it imports with its own options', async () => {
    // The report rule runs first and reads the gateway module for its URL builder; the assign rule must still read
    // that module with its configured route, where the gateway's wrapper sends the deprecated operation.
    const dir = mkdtempSync(join(tmpdir(), 'report-query-options-'));
    mkdirSync(join(dir, 'src'));
    const files: Record<string, string> = {
      'package.json': '{ "name": "options-app", "private": true, "type": "module" }\n',
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', strict: true, noEmit: true, types: [], lib: ['ES2023', 'DOM'] }, include: ['src'] }),
      'src/gateway.ts': [
        "export const reportUrl = (email: string) => `https://gw.example/v1/partners/reports/business?email=${email}`;",
        'export function assignApp(code: string, uid: string) {',
        "  return fetch(`https://gw.example/gateway/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });",
        '}',
        '',
      ].join('\n'),
      'src/main.ts': [
        "import { assignApp, reportUrl } from './gateway.js';",
        '',
        'export async function onboard(email: string, uid: string) {',
        "  await fetch(reportUrl(email), { headers: { Authorization: 'Token token=\"k\"' } });",
        "  await assignApp('crm', uid);",
        '}',
        '',
      ].join('\n'),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const routes = [{ path: '/gateway/apps/{id}/assign', v3Path: '/gateway/v3/apps/app_assignments' }];
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: dir } },
          plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
          rules: {
            [`app-assignment/${RULE}`]: ['error', { followImports: true }],
            'app-assignment/no-deprecated-assign': ['error', { followImports: true, routes }],
          },
        },
      ],
    });
    const results = await eslint.lintFiles(['src/main.ts', 'src/gateway.ts']).finally(() => rmSync(dir, { recursive: true, force: true }));
    const of = (file: string) => results.find((result) => result.filePath.endsWith(file))!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.messageId}`);
    // The wrapper and its one caller are decided together over the program: an exact rewrite of the wrapper's own
    // request (its body is built inside it), which speaks for the caller, since the caller passes neither route nor body.
    expect(of('main.ts')).toEqual([`4:25 app-assignment/${RULE} emailRaw`]);
    expect(of('gateway.ts')).toEqual(['3:10 app-assignment/no-deprecated-assign deprecated']);
  });
});
