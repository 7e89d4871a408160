/**
 * Never a silent miss when the deprecated route is spelled otherwise than the exact reading expects: a direct call to
 * `…/assign/`, `…/v1//apps/…` or `…/./assign`; a helper that lower-cases a template of its URL, calls
 * `toLocaleLowerCase()` or `decodeURIComponent()` on it; a POST to a URL made of a response's URL; a URL builder that
 * is a getter's result, a tagged template, a namespace member, called in place, `memoize(arrow)`, or returns
 * `.pathname` / `.url` of an object made of the route. Each is listed by `scan` and left with its TODO by `migrate`,
 * in project mode and with `--no-project` alike; the plain shape beside each still migrates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command } from './helpers/cli.js';
import { projectTrees } from './helpers/project-tree.js';

interface Report {
  files: { path: string; sites: { line: number; outcome: string; reasons: { code: string; key?: string }[] }[] }[];
}

const trees = projectTrees();
afterAll(() => trees.removeAll());

async function scan(dir: string, args: string[]): Promise<string[]> {
  const result = await command(['scan', '.', '--json', ...args], dir);
  expect(result.stdout, result.stderr).not.toBe('');
  const report = JSON.parse(result.stdout) as Report;
  return report.files.flatMap((file) => file.sites.map((site) =>
    `${file.path}:${site.line} ${site.outcome} ${site.reasons.map((r) => (r.key === undefined ? r.code : `${r.code}:${r.key}`)).join(', ')}`));
}

const INIT = "{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ business_uid: biz }) }";
const call = (name: string, url: string) => `export async function ${name}(code: string, biz: string) {\n  return fetch(${url}, ${INIT});\n}\n`;

const DIRECT = [
  call('slash', '`https://api.example.com/platform/v1/apps/${code}/assign/`'),
  call('doubled', '`https://api.example.com/platform/v1//apps/${code}/assign`'),
  call('dot', '`https://api.example.com/platform/v1/apps/${code}/./assign`'),
  call('plain', '`https://api.example.com/platform/v1/apps/${code}/assign`'),
].join('');

const helper = (send: string) => `async function send(url: string, init: RequestInit): Promise<Response> {\n  return ${send};\n}\n` +
  `export async function assign(code: string, biz: string) {\n  return send(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, ${INIT});\n}\n`;

const FROM_RESPONSE = `export async function resolved(code: string, biz: string) {
  const app = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/\`);
  return fetch(new URL('assign', app.url), ${INIT});
}
export async function replaced(code: string, biz: string) {
  const app = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/status\`);
  return fetch(app.url.replace(/status$/, 'assign'), ${INIT});
}
export async function sibling(code: string, biz: string) {
  const app = await fetch(\`https://api.example.com/platform/v1/apps/\${code}/\`);
  return fetch(new URL('unassign', app.url), ${INIT});
}
`;

const BUILDERS = `declare function memoize<T>(f: T): T;
declare function url(s: TemplateStringsArray, ...v: string[]): string;
const BASE = 'https://api.example.com';
const routes = { get assign() { return (c: string) => \`/platform/v1/apps/\${c}/assign\`; } };
const tagged = (c: string) => url\`/platform/v1/apps/\${c}/assign\`;
namespace Routes { export const assign = (c: string) => \`/platform/v1/apps/\${c}/assign\`; }
const memo = memoize((c: string) => \`/platform/v1/apps/\${c}/assign\`);
const pathOf = (c: string) => new URL(\`/platform/v1/apps/\${c}/assign\`, BASE).pathname;
const requestUrl = (c: string) => new Request(\`\${BASE}/platform/v1/apps/\${c}/assign\`).url;
const plainPath = (c: string) => \`/platform/v1/apps/\${c}/assign\`;
${call('b1', '`https://api.example.com${routes.assign(code)}`')}${call('b2', '`https://api.example.com${tagged(code)}`')}${call('b3', '`https://api.example.com${Routes.assign(code)}`')}${call('b4', '`https://api.example.com${((c: string) => `/platform/v1/apps/${c}/assign`)(code)}`')}${call('b5', '`https://api.example.com${memo(code)}`')}${call('b6', 'pathOf(code)')}${call('b7', 'requestUrl(code)')}${call('b8', '`https://api.example.com${plainPath(code)}`')}`;

const both = [[], ['--no-project']] as const;

describe('the route spelled otherwise at the call', () => {
  for (const flags of both) {
    it(`a trailing slash, a doubled slash and a dot segment are reported; the plain route migrates (${flags.join(' ') || 'project mode'})`, async () => {
      const dir = trees.project({ 'src/calls.ts': DIRECT });
      const unusual = (line: number, what: string) => `src/calls.ts:${line} manual url-path-unusual:${what}`;
      expect(await scan(dir, [...flags])).toEqual([
        unusual(2, 'a trailing slash (/assign/)'), unusual(5, 'a doubled slash (//)'), unusual(8, 'a dot segment (/./)'), 'src/calls.ts:11 fix ',
      ]);
      expect((await command(['migrate', '.', '--force', ...flags], dir)).code).toBe(0);
      const after = readFileSync(join(dir, 'src/calls.ts'), 'utf8');
      expect(after.match(/TODO\(app-assignment\): the URL spells the deprecated route with/g)).toHaveLength(3);
      expect(after).toContain("return fetch(`https://api.example.com/v3/apps/app_assignments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ assignee_type: 'business', assignee_uid: biz, app_code_name: code }) });");
      expect(after).toContain('/platform/v1/apps/${code}/assign/`');
    });
  }
});

describe('a helper that changes the URL it sends', () => {
  for (const flags of both) {
    it(`a lower-cased template of it, toLocaleLowerCase() and decodeURIComponent() are helper-changes-url; a template of it alone migrates (${flags.join(' ') || 'project mode'})`, async () => {
      const dir = trees.project({
        'src/h1.ts': helper('fetch(`${url}`.toLowerCase(), init)'),
        'src/h2.ts': helper('fetch(url.toLocaleLowerCase(), init)'),
        'src/h3.ts': helper('fetch(decodeURIComponent(url), init)'),
        'src/h4.ts': helper('fetch(`${url}`, init)'),
      });
      expect(await scan(dir, [...flags])).toEqual([
        'src/h1.ts:5 manual helper-changes-url:send (line 2)', 'src/h2.ts:5 manual helper-changes-url:send (line 2)',
        'src/h3.ts:5 manual helper-changes-url:send (line 2)', 'src/h4.ts:5 fix ',
      ]);
    });
  }
});

describe('a POST to a URL made of a response\'s URL', () => {
  for (const flags of both) {
    it(`new URL('assign', app.url) and app.url.replace(...) that make the route are reported; a sibling is not (${flags.join(' ') || 'project mode'})`, async () => {
      const dir = trees.project({ 'src/calls.ts': FROM_RESPONSE });
      const made = (line: number, url: string, at: number) =>
        `src/calls.ts:${line} manual url-from-response:${url}, which makes /platform/v1/apps/{id}/assign of the URL of the response of the request at line ${at}`;
      expect(await scan(dir, [...flags])).toEqual([made(3, "new URL('assign', app.url)", 2), made(7, "app.url.replace(/status$/, 'assign')", 6)]);
    });
  }
});

describe('URL builders in shapes the exact reading stops at', () => {
  for (const flags of both) {
    it(`each is reported naming the builder and why; a plain builder migrates (${flags.join(' ') || 'project mode'})`, async () => {
      const dir = trees.project({ 'src/calls.ts': BUILDERS });
      const unread = (line: number, key: string) => `src/calls.ts:${line} manual url-builder-unread:${key}`;
      expect(await scan(dir, [...flags])).toEqual([
        unread(12, 'routes.assign (line 4), returned by a getter, which makes it again each time it is read'),
        unread(15, 'tagged (line 5), the route is a template given to the tag url, which makes the text and may change its values'),
        unread(18, 'Routes.assign (line 6), a member of a namespace, which this tool does not read as a builder'),
        unread(21, '(c:string)=>`/platform/v1/apps/${c}/assign` (line 21), a function called where it is written, which this tool does not read as a builder'),
        unread(24, 'memo (line 7), made by memoize(a function that builds the route), a function of the program whose result is not read here'),
        unread(27, 'pathOf (line 8), it returns .pathname of a URL made of the route, which this tool does not read as a URL'),
        unread(30, 'requestUrl (line 9), it returns .url of a Request made of the route, which this tool does not read as a URL'),
        'src/calls.ts:33 fix ',
      ]);
    });
  }
});
