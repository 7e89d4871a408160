/**
 * The CI reports of `scan`: SARIF 2.1.0 checked against the official schema with a JSON-schema validator, lined up
 * with what ESLint's own SARIF formatter says of the same code; the Markdown summary of the sample app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvDraft04 from 'ajv-draft-04';
import AjvFormats from 'ajv-formats';
import { ESLint } from 'eslint';
import type { Log, Result } from 'sarif';
import { describe, expect, it } from 'vitest';
import { SAMPLE_APP_DIR } from '../../../fixtures/load.js';
import { command, tree } from './helpers/cli.js';

const require = createRequire(import.meta.url);
// Both are CommonJS modules whose export is the function itself, also under `default`.
const Ajv = AjvDraft04.default;
const addFormats = AjvFormats.default;
const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'schemas', 'sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
// The schema's patterns are written for JavaScript's non-Unicode regular expressions (one has a lone bracket).
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);
const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const RULE = 'app-assignment/no-deprecated-assign';

async function sarifOf(args: string[], cwd: string): Promise<Log> {
  const run = await command(['scan', '--format', 'sarif', ...args], cwd);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Log;
}

function expectValid(log: unknown): void {
  const ok = validate(log);
  expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
  expect(ok).toBe(true);
}

const where = (r: Result) => {
  const location = r.locations![0]!.physicalLocation!;
  return `${location.artifactLocation!.uri}:${location.region!.startLine}:${location.region!.startColumn}`;
};

describe('scan --format sarif', () => {
  it('is valid SARIF 2.1.0: one result per site under the ESLint rule id, with the catalogue as rule help', async () => {
    const log = await sarifOf([], SAMPLE_APP_DIR);
    expectValid(log);
    expect(log.version).toBe('2.1.0');
    const [run] = log.runs;
    expect(run!.tool.driver.rules!.map((r) => r.id)).toEqual([RULE]);
    const help = run!.tool.driver.rules![0]!.help!;
    expect(help.markdown).toContain('| reason | what to do |');
    expect(help.markdown).toContain('built_in "true" has no equivalent');
    expect(help.text).toContain('what to do:');

    const report = JSON.parse((await command(['scan', '--json'], SAMPLE_APP_DIR)).stdout) as {
      files: { path: string; sites: { line: number; column: number; reason?: string; kind: string; withWrapper?: true }[] }[];
    };
    // Calls of wrappers that go with them are in the JSON report only; the app's own calls of its helpers are such.
    expect(report.files.flatMap((f) => f.sites).filter((s) => s.kind === 'caller' && s.withWrapper === true).length).toBeGreaterThan(0);
    const sites = report.files.flatMap((f) => f.sites.filter((s) => s.withWrapper !== true).map((s) => ({ ...s, path: `fixtures/sample-app/${f.path}` })));
    expect(sites.length).toBeGreaterThan(0);
    expect(run!.results!.map(where)).toEqual(sites.map((s) => `${s.path}:${s.line}:${s.column}`));
    for (const [i, result] of run!.results!.entries()) {
      expect(result.ruleId).toBe(RULE);
      expect(result.locations![0]!.physicalLocation!.artifactLocation!.uriBaseId).toBe('%SRCROOT%');
      if (sites[i]!.reason !== undefined) expect(result.message.text).toBe(sites[i]!.reason);
    }
    // Relative URIs against the repository root, which the run names.
    expect(run!.originalUriBaseIds!['%SRCROOT%']!.uri).toMatch(/^file:\/\/.*\/$/);
    expect(run!.results!.every((r) => !/^file:/.test(r.locations![0]!.physicalLocation!.artifactLocation!.uri!))).toBe(true);
  });

  it('lines up with @microsoft/eslint-formatter-sarif over the same code: same rule id, same locations', async () => {
    const eslint = new ESLint({ cwd: SAMPLE_APP_DIR });
    const results = await eslint.lintFiles(['src']);
    const format = require('@microsoft/eslint-formatter-sarif') as (results: ESLint.LintResult[], data: unknown) => string;
    const fromEslint = JSON.parse(format(results, { rulesMeta: eslint.getRulesMetaForResults(results) })) as Log;
    expectValid(fromEslint);
    const eslintSites = fromEslint.runs[0]!.results!.filter((r) => r.ruleId === RULE).map((r) => {
      const location = r.locations![0]!.physicalLocation!;
      const path = relative(REPO_ROOT, fileURLToPath(location.artifactLocation!.uri!)).split('\\').join('/');
      return `${path}:${location.region!.startLine}:${location.region!.startColumn}`;
    });
    // ESLint without type information reads each file alone: so does scan --no-project.
    const scan = await sarifOf(['src', '--no-project'], SAMPLE_APP_DIR);
    expect(scan.runs[0]!.results!.map((r) => r.ruleId)).toEqual(scan.runs[0]!.results!.map(() => RULE));
    expect(scan.runs[0]!.results!.map(where).sort()).toEqual(eslintSites.sort());
  });

  it('keeps each result\'s fingerprint when lines above it move, and tells identical calls in one file apart', async () => {
    const call = `await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });`;
    const source = (prefix: string) => `${prefix}export async function go(code: string, uid: string) {\n  ${call}\n  ${call}\n}\n`;
    const dir = tree({ 'src/a.ts': source('') });
    const before = (await sarifOf([], dir)).runs[0]!.results!;
    writeFileSync(join(dir, 'src/a.ts'), source('// a comment\n\n// and another\n'));
    const after = (await sarifOf([], dir)).runs[0]!.results!;
    expect(after.map((r) => r.locations![0]!.physicalLocation!.region!.startLine)).toEqual(
      before.map((r) => r.locations![0]!.physicalLocation!.region!.startLine! + 3),
    );
    const prints = (results: Result[]) => results.map((r) => r.partialFingerprints!['appAssignmentSite/v1']);
    expect(prints(after)).toEqual(prints(before));
    expect(new Set(prints(before)).size).toBe(2);
  });

  it('says which files did not parse, as tool notifications, and stays valid', async () => {
    const dir = tree({ 'a.ts': 'const = ;\n"/assign"\n', 'b.ts': "fetch('/platform/v1/apps/x/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });\n" });
    const run = await command(['scan', '--format', 'sarif'], dir);
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as Log;
    expectValid(log);
    const invocation = log.runs[0]!.invocations![0]!;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications!.map((n) => n.message.text)).toEqual([expect.stringMatching(/^a\.ts:1:7 /) as string]);
    expect(log.runs[0]!.results).toHaveLength(1);
  });

  it('the validator does reject a log that breaks the schema', async () => {
    const log = (await sarifOf([], SAMPLE_APP_DIR)) as unknown as { runs: { results: { level: string }[] }[] };
    log.runs[0]!.results[0]!.level = 'fatal';
    expect(validate(log)).toBe(false);
  });
});

describe('scan --format markdown', () => {
  it('summarises the sample app: totals, a table by reason with what to do, sites as links (snapshot)', async () => {
    const run = await command(['scan', 'src', '--format', 'markdown'], SAMPLE_APP_DIR);
    expect(run.code).toBe(0);
    await expect(run.stdout).toMatchFileSnapshot('__snapshots__/sample-app.scan.md');
    const report = JSON.parse((await command(['scan', 'src', '--json'], SAMPLE_APP_DIR)).stdout) as { files: { sites: { withWrapper?: true }[] }[] };
    const count = report.files.reduce((n, f) => n + f.sites.filter((s) => s.withWrapper !== true).length, 0);
    expect(run.stdout).toContain(`**${count}** deprecated calls`);
    expect(run.stdout).toContain('| reason | calls | what to do |');
  });

  it('shows the first sites of a reason and folds the rest in <details>; --link-base makes absolute links', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++) files[`src/f${i}.ts`] = `import axios from 'axios';\naxios.post('/platform/v1/apps/crm/assign', { directory_uid: 'd', built_in: 'true' });\n`;
    const dir = tree(files);
    const run = await command(['scan', '--format', 'markdown', '--link-base', 'https://github.com/o/r/blob/abc/'], dir);
    expect(run.code).toBe(0);
    const [shown, folded] = run.stdout.split('<details><summary>3 more</summary>');
    expect(shown!.match(/^- \[/gm)).toHaveLength(5);
    expect(folded!.match(/^- \[/gm)).toHaveLength(3);
    expect(folded).toContain('</details>');
    expect(run.stdout).toContain('- [`src/f0.ts:2:1`](https://github.com/o/r/blob/abc/src/f0.ts#L2) axios, manual');
  });

  it('says so when nothing is left', async () => {
    const run = await command(['scan', '--format', 'markdown'], tree({ 'a.ts': 'export const x = 1;\n' }));
    expect(run.stdout).toContain('No deprecated call left in 1 files scanned');
  });
});

describe('scan --format html', () => {
  it('is one self-contained page: no external script, style, image or link; every site in it; reasons escaped', async () => {
    const files: Record<string, string> = {
      'src/a.ts': "fetch('/platform/v1/apps/x/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });\n",
      'lib/b.ts': "import axios from 'axios';\naxios.post('/platform/v1/apps/x/assign', { directory_uid: 'd', '<img src=x>': 1 });\n",
    };
    for (let i = 0; i < 40; i++) files[`many/f${i}/c.ts`] = files['src/a.ts']!;
    const dir = tree(files);
    const run = await command(['scan', '--format', 'html', '--out', 'report.html'], dir);
    expect(run.code, run.stderr).toBe(0);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<(?:link|img|iframe)\b/i);
    expect(html).not.toMatch(/<[^>]*\s(?:src|href)\s*=/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).toContain('src/a.ts:1:1');
    expect(html).toContain('lib/b.ts:2:1');
    // 42 folders: the chart shows 29 and one bar for the other 13.
    expect(html.match(/<g class="bar"/g)).toHaveLength(30);
    expect(html).toContain('data-folder="13 other folders" data-count="13"');
  });
});
