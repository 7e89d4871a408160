/**
 * Every text a user reads about a reason names its real cause, with no template left in it: each reason code, with
 * and without its key, rendered through every form it reaches people in (the TODO comment, the ESLint message, the
 * text, Markdown, HTML and SARIF reports), must hold no `<key>`-like placeholder nor an unfilled `{{data}}`. And a
 * wrapper held back by an installable package (the package.json `npm init -y` writes) says package.json.
 */
import { rmSync } from 'node:fs';
import { describeReasons, type ReasonCode, todoText } from '@app-assignment/core';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';
import type { FileReport } from '../src/run.js';
import { toHtml } from '../src/report/html.js';
import { toMarkdown } from '../src/report/markdown.js';
import type { ScanReport } from '../src/report/model.js';
import { toSarif } from '../src/report/sarif.js';
import { toText } from '../src/report/text.js';
import { WHAT_TO_DO } from '../src/report/catalogue.js';
import { command, tree } from './helpers/cli.js';

const CODES = Object.keys(WHAT_TO_DO) as ReasonCode[];
/** A key of each kind a reason carries: a body key, a call's place. */
const KEYS = [undefined, 'is_internal', 'src/a.ts:3:1'];

/** `<key>`, `<name>`, `this.<name>`, `<what>`: a word in angle brackets, as text. */
const PLACEHOLDER = /<[a-z][\w .-]*>/i;
const UNFILLED = /\{\{\s*\w+\s*\}\}/;

function site(code: ReasonCode, key: string | undefined, line: number): FileReport['sites'][number] {
  const reasons = [{ code, ...(key === undefined ? {} : { key }), text: describeReasons([{ code, ...(key === undefined ? {} : { key }) }]) }];
  return { line, column: 1, kind: 'call', client: 'fetch', outcome: 'manual', migrated: false, reasons, reason: reasons[0]!.text, via: [] };
}

/** One file per reason code, a site for each kind of key. */
function everyReason(): ScanReport {
  const files: FileReport[] = CODES.map((code) => ({
    path: `src/${code}.ts`,
    status: 'unchanged',
    migrated: 0,
    todos: KEYS.length,
    sites: KEYS.map((key, i) => site(code, key, i + 1)),
  }));
  const todos = files.length * KEYS.length;
  return { files, totals: { files: files.length, changed: 0, migrated: 0, todos, callers: 0, errors: 0 }, ignored: { files: 0, by: [] } };
}

function expectNoTemplate(form: string, text: string, placeholder: RegExp = PLACEHOLDER): void {
  const found = placeholder.exec(text) ?? UNFILLED.exec(text);
  expect(found === null ? null : `${form}: "${text.slice(Math.max(0, found.index - 80), found.index + 40)}"`).toBeNull();
}

describe('reason texts', () => {
  it('has a reason text and an advice for every code of the catalogue', () => {
    expect(CODES.length).toBeGreaterThan(50);
    expect(CODES).toContain('wrapper-package-installable');
  });

  it('TODO comments and ESLint messages name the cause, with or without a key', () => {
    const messages = plugin.rules['no-deprecated-assign'].meta.messages as Record<string, string>;
    for (const code of CODES) {
      for (const key of KEYS) {
        const reasons = describeReasons([{ code, ...(key === undefined ? {} : { key }) }]);
        expectNoTemplate(`TODO for ${code}`, todoText([{ code, ...(key === undefined ? {} : { key }) }]));
        for (const [id, message] of Object.entries(messages)) {
          const filled = message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => ({ reasons, via: 'src/a.ts:3', mode: 'internal', files: 'src/a.ts src/b.ts', callers: '', bytes: '5000000', max: '4194304', depth: '600' })[name] ?? `{{${name}}}`);
          expectNoTemplate(`lint message ${id} for ${code}`, filled);
        }
      }
    }
  });

  it('the text, Markdown, HTML and SARIF reports hold no placeholder', () => {
    const report = everyReason();
    expectNoTemplate('text', toText(report));
    // Markdown escapes < as \<, and writes <details> and <summary> on purpose.
    expectNoTemplate('markdown', toMarkdown(report, { linkBase: '' }).replace(/<\/?(details|summary)>/g, ''), /\\?<[a-z][\w .-]*\\?>/i);
    // In HTML a placeholder is escaped text; the page's own tags are not.
    expectNoTemplate('html', toHtml(report, { version: '0.0.0' }), /&lt;[a-z][\w .-]*&gt;/i);
    const sarif = JSON.stringify(toSarif({ report, version: '0.0.0', root: '/repo', textOf: () => '' }));
    expectNoTemplate('sarif', sarif.replace(/\\u003c/g, '<'));
  });

  it('the checks do catch a placeholder', () => {
    expect(PLACEHOLDER.test('find which client this.<name> holds')).toBe(true);
    expect(PLACEHOLDER.test('point the call at <key> by hand')).toBe(true);
    expect(/&lt;[a-z][\w .-]*&gt;/i.test('the first is the call &lt;key&gt;')).toBe(true);
    expect(UNFILLED.test('cannot be migrated: {{reasons}}.')).toBe(true);
  });

  it('headings by reason speak of the kind of key, and a single call of its own key', () => {
    const report = everyReason();
    const markdown = toMarkdown(report, { linkBase: '' });
    expect(markdown).toContain('### a flag (is\\_internal, pre\\_installed or built\\_in) is for directories only but the body assigns to a business');
    expect(todoText([{ code: 'flag-with-business', key: 'is_internal' }])).toContain('is_internal is for directories only');
    expect(todoText([{ code: 'wrapper-callers' }])).toContain('not all of them can be migrated exactly (each caller has a TODO that says why)');
  });
});

describe('a wrapper in an installable package', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const files = (pkg: object) => ({
    'package.json': JSON.stringify(pkg, null, 2),
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', target: 'ES2022' }, include: ['src'] }),
    'src/api.ts':
      'export function assignApp(code: string, body: unknown): Promise<Response> {\n' +
      '  return fetch(`/platform/v1/apps/${code}/assign`, { method: \'POST\', body: JSON.stringify(body) });\n}\n',
    'src/main.ts': "import { assignApp } from './api.js';\nawait assignApp('crm', { business_uid: 'b1' });\n",
  });
  // What `npm init -y` writes: not private, with `main`.
  const NPM_INIT = { name: 'my-app', version: '1.0.0', main: 'index.js', scripts: { test: 'echo "Error: no test specified" && exit 1' }, keywords: [], author: '', license: 'ISC', type: 'module' };

  it('is held back with a reason that names package.json; private, it migrates with its caller', async () => {
    const dir = tree(files(NPM_INIT));
    dirs.push(dir);
    const held = JSON.parse((await command(['scan', '--json'], dir)).stdout) as ScanReport;
    const api = held.files.find((f) => f.path.endsWith('api.ts'))!;
    expect(api.sites.map((s) => s.reasons.map((r) => r.code))).toEqual([['wrapper-package-installable']]);
    expect(api.sites[0]!.reason).toContain('its package.json is not "private": true and has "main", "exports" or "module"');

    const app = tree(files({ ...NPM_INIT, private: true }));
    dirs.push(app);
    const migrated = JSON.parse((await command(['scan', '--json'], app)).stdout) as ScanReport;
    expect(migrated.files.find((f) => f.path.endsWith('api.ts'))!.sites.map((s) => [s.migrated, s.reasons])).toEqual([[true, []]]);
  });

  it('blames package.json only for a function other packages can import: one passed around as a value keeps its own reason', async () => {
    const dir = tree({
      ...files(NPM_INIT),
      'src/api.ts':
        'function assignApp(code: string, body: unknown): Promise<Response> {\n' +
        '  return fetch(`/platform/v1/apps/${code}/assign`, { method: \'POST\', body: JSON.stringify(body) });\n}\n' +
        "export const handlers = [assignApp];\nawait assignApp('crm', { business_uid: 'b1' });\n",
      'src/main.ts': "import { handlers } from './api.js';\nexport const count = handlers.length;\n",
    });
    dirs.push(dir);
    const report = JSON.parse((await command(['scan', '--json'], dir)).stdout) as ScanReport;
    const codes = report.files.flatMap((f) => f.sites.flatMap((s) => s.reasons.map((r) => r.code)));
    expect(codes).toContain('wrapper-callers-unknown');
    expect(codes).not.toContain('wrapper-package-installable');
  });
});
