/**
 * Vue, Svelte and Astro files: their script blocks are read as modules, with the file's own lines and columns, and
 * rewritten in place (template, styles and line endings keep every byte); what is not read is named; files of types
 * that are not read but spell the route are listed as skipped. Project mode reads a component's script as a module of
 * the program, so a component that calls a wrapper of a .ts module is one of the wrapper's callers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { componentScripts } from '@app-assignment/core/components';
import { start } from '@app-assignment/contract-server';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';
import { addedLines, loadCases, loadComponentCases } from '../../../fixtures/load.js';
import { migrateText } from '../src/migrate.js';
import { command, tree } from './helpers/cli.js';

const cases = loadComponentCases();
const tsCases = new Map(loadCases().map((c) => [c.name, c]));

interface Report {
  files: { path: string; status: string; skipped?: string; unread?: { line: number; reason: string }[]; sites: { line: number; column: number; kind: string; outcome: string; migrated: boolean; withWrapper?: boolean; reasons: { code: string }[] }[] }[];
  totals: { files: number; changed: number; migrated: number; skipped?: number; unread?: number };
  mode: { kind: string };
}

describe.each(cases)('$name', (c) => {
  const codemodSees = c.findings.filter((f) => f.frontEnds === undefined || f.frontEnds.includes('codemod'));

  it('is migrated as its output says, every byte outside the script blocks kept', () => {
    const result = migrateText(c.input, c.filename);
    expect(result.output).toBe(c.output);
    expect(result.sites.map((s) => ({ line: s.line, column: s.column, kind: s.kind, outcome: s.outcome, reasons: s.reasons.map((r) => (r.key === undefined ? r.code : `${r.code}:${r.key}`)) })))
      .toEqual(codemodSees.map((f) => ({ line: f.line, column: f.column, kind: f.kind, outcome: f.outcome, reasons: f.reasons })));
    expect(result.unread ?? []).toEqual(c.unread);
  });

  it('a second run changes nothing', () => {
    expect(migrateText(c.output, c.filename).output).toBe(c.output);
  });

  it('each call written as a .ts case is rewritten (or left with a TODO) exactly as that case', () => {
    const added = addedLines(c.input, c.output);
    for (const finding of c.findings.filter((f) => f.matches !== undefined)) {
      const twin = tsCases.get(finding.matches!)!;
      expect(twin, finding.matches).toBeDefined();
      for (const line of addedLines(twin.input, twin.output!)) expect(added).toContain(line);
    }
  });
});

describe('the migrated script, run against the contract server', () => {
  /** The Svelte case's script unit, compiled as the module it is, calling the server on loopback for the API's origin. */
  async function assignWith(text: string, name: string): Promise<{ via: string; meaning: unknown }[]> {
    const c = cases.find((k) => k.ext === 'svelte')!;
    const unit = componentScripts(text, c.filename).units[0]!;
    const js = ts.transpileModule(unit.text, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const file = join(makeTempDir('app-assignment-component-run-'), `${name}.mjs`);
    writeFileSync(file, js);
    const server = await start();
    const realFetch = globalThis.fetch;
    const globals = globalThis as unknown as Record<string, unknown>;
    globals.$props = () => ({});
    globalThis.fetch = (url, init) => realFetch((url instanceof Request ? url.url : url instanceof URL ? url.href : url).replace('https://api.example.com', server.url), init);
    try {
      const module = (await import(pathToFileURL(file).href)) as { assignToBusiness(code: string, uid: string, token: string): Promise<boolean> };
      expect(await module.assignToBusiness('harbor-booking', 'biz_harbor_yoga', 'internal-token-7c1e9a4f')).toBe(true);
      return server.assignments().map((a) => ({ via: a.via, meaning: [a.app_code_name, a.assignee_type, a.assignee_uid, a.assignment_mode] }));
    } finally {
      globalThis.fetch = realFetch;
      delete globals.$props;
      await server.close();
    }
  }

  it('the Svelte case\'s migrated script leaves the same assignment as before, through v3', async () => {
    const c = cases.find((k) => k.ext === 'svelte')!;
    const before = await assignWith(c.input, 'before');
    const after = await assignWith(c.output, 'after');
    expect(before.map((a) => a.via)).toEqual(['v1']);
    expect(after.map((a) => a.via)).toEqual(['v3']);
    expect(after.map((a) => a.meaning)).toEqual(before.map((a) => a.meaning));
  });
});

describe('the CLI', () => {
  const files = Object.fromEntries(cases.map((c) => [`${c.name}.${c.ext}`, c.input]));

  it('migrates component files in place and reports their sites at the file\'s lines, and the parts not read', async () => {
    const dir = tree(files);
    const run = await command(['migrate', '--no-project'], dir);
    expect(run.code).toBe(0);
    for (const c of cases) expect(readFileSync(join(dir, `${c.name}.${c.ext}`), 'utf8')).toBe(c.output);
    expect(run.stdout).toContain('2 parts of files not read (they may hold calls: look at them yourself):');
    expect(run.stdout).toContain('  astro-frontmatter-and-client-script-crlf.astro:21: <script src="/vendor/legacy-assign.js"> loads its code from');
    expect(run.stdout).toContain('  vue-script-setup-axios-fix-fetch-manual.vue:28:10  the body is built at run time');
  });

  it('scan --json lists each component\'s sites and what was not read', async () => {
    const report = JSON.parse((await command(['scan', '--json', '--no-project'], tree(files))).stdout) as Report;
    expect(report.totals.unread).toBe(2);
    const astro = report.files.find((f) => f.path.endsWith('.astro'))!;
    expect(astro.unread?.map((p) => p.line)).toEqual([21, 24]);
    expect(astro.sites.map((s) => [s.line, s.column])).toEqual([[7, 26], [16, 7], [27, 16]]);
  });

  it('names a script it cannot read: an unknown language', async () => {
    const dir = tree({ 'Legacy.vue': '<template><p /></template>\n<script lang="coffee">\naxios.post "/platform/v1/apps/#{code}/assign", business_uid: uid\n</script>\n' });
    const report = JSON.parse((await command(['scan', '--json'], dir)).stdout) as Report;
    expect(report.files[0]!.unread).toEqual([{ line: 2, reason: '<script lang="coffee">: the language coffee is not read' }]);
  });

  it('a script that does not parse is an error of its file, at the file\'s line, and the file is left as it is', async () => {
    const text = '<template><p /></template>\n\n<script setup lang="ts">\nconst a = ;\nfetch(`/platform/v1/apps/${c}/assign`, { method: "POST", body: JSON.stringify({ business_uid: u }) });\n</script>\n';
    const dir = tree({ 'Broken.vue': text });
    const run = await command(['migrate', '--no-project'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Broken\.vue:4:\d+ /);
    expect(readFileSync(join(dir, 'Broken.vue'), 'utf8')).toBe(text);
  });
});

describe('a function of a component\'s script that its markup calls', () => {
  it('has uses the script does not show: its request is held back, in file mode and in project mode', async () => {
    const own = `<template>\n  <button @click="send('hr', { directory_uid: 'dir_1', is_internal: 'true' })">go</button>\n</template>\n<script setup lang="ts">\nfunction send(code: string, body: Record<string, unknown>) {\n  return fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });\n}\nsend('crm', { business_uid: 'b' });\n</script>\n`;
    const result = migrateText(own, 'Own.vue');
    expect(result.changed).toBe(true);
    expect(result.output).toContain('/platform/v1/apps/${code}/assign');
    expect(result.output).toContain("send('crm', { business_uid: 'b' });");
    expect(result.sites.find((s) => s.kind === 'call')).toMatchObject({ line: 6, outcome: 'manual', reasons: [expect.objectContaining({ code: 'wrapper-callers-unknown' })] });
    const dir = tree({ 'tsconfig.json': '{}', 'Own.vue': own });
    const report = JSON.parse((await command(['migrate', '--dry', '--json'], dir)).stdout) as Report;
    expect(report.mode.kind).toBe('project');
    expect(report.files[0]!.sites.find((s) => s.kind === 'call')).toMatchObject({ line: 6, outcome: 'manual', migrated: false });
  });
});

describe('files of a type that is not read', () => {
  it('are counted and named when they spell the route, and kept as they are; others are passed over', async () => {
    const mdx = '# Assign\n\n```js\nawait fetch(`/platform/v1/apps/${code}/assign`, { method: "POST" });\n```\n';
    const dir = tree({ 'docs/assign.mdx': mdx, 'views/row.hbs': '<a href="/platform/v1/apps/{{id}}/assign">assign</a>\n', 'docs/other.md': '# Nothing here\n', 'a.ts': 'export const x = 1;\n' });
    const run = await command(['migrate'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 files skipped, not read');
    expect(run.stdout).toContain('  docs/assign.mdx: a .mdx file that spells the route; files of this type are not read as code');
    expect(run.stdout).toContain('  views/row.hbs: a .hbs file that spells the route');
    expect(run.stdout).not.toContain('other.md');
    expect(readFileSync(join(dir, 'docs/assign.mdx'), 'utf8')).toBe(mdx);
    const report = JSON.parse((await command(['scan', '--json'], dir)).stdout) as Report;
    expect(report.totals.skipped).toBe(2);
    expect(report.files.filter((f) => f.status === 'skipped').map((f) => f.path)).toEqual(['docs/assign.mdx', 'views/row.hbs']);
    const sarif = JSON.parse((await command(['scan', '--format', 'sarif'], dir)).stdout) as { runs: { invocations: { toolExecutionNotifications: { message: { text: string } }[] }[] }[] };
    expect(sarif.runs[0]!.invocations[0]!.toolExecutionNotifications.map((n) => n.message.text.split(':')[0])).toEqual(['docs/assign.mdx', 'views/row.hbs']);
  });

  it('one named on the command line is named too', async () => {
    const dir = tree({ 'page.mdx': 'fetch("/platform/v1/apps/crm/assign")\n' });
    const report = JSON.parse((await command(['scan', '--json', 'page.mdx'], dir)).stdout) as Report;
    expect(report.files).toEqual([expect.objectContaining({ path: 'page.mdx', status: 'skipped' })]);
  });
});

const WRAPPER = `import axios from 'axios';

export async function assignApp(code: string, businessUid: string) {
  await axios.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: businessUid });
}
`;
const WRAPPER_MIGRATED = `import axios from 'axios';

export async function assignApp(code: string, businessUid: string) {
  await axios.post(\`/v3/apps/app_assignments\`, { assignee_type: 'business', assignee_uid: businessUid, app_code_name: code });
}
`;
const CALLER = `<template>
  <button @click="go">Assign</button>
</template>

<script setup lang="ts">
import { assignApp } from './api/assign';

function go() {
  return assignApp('crm', 'b-1');
}
</script>
`;

describe('project mode', () => {
  it('a component that calls a wrapper of a .ts module is one of its callers: the group is migrated whole', async () => {
    const dir = tree({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler' }, include: ['src/**/*.ts', 'src/**/*.vue'] }),
      'src/api/assign.ts': WRAPPER,
      'src/App.vue': CALLER,
    });
    const report = JSON.parse((await command(['migrate', '--json'], dir)).stdout) as Report;
    expect(report.mode.kind).toBe('project');
    expect(readFileSync(join(dir, 'src/api/assign.ts'), 'utf8')).toBe(WRAPPER_MIGRATED);
    expect(readFileSync(join(dir, 'src/App.vue'), 'utf8')).toBe(CALLER);
    const vue = report.files.find((f) => f.path === 'src/App.vue')!;
    expect(vue.sites).toEqual([expect.objectContaining({ line: 9, column: 10, kind: 'caller', migrated: true })]);
  });

  it('a wrapper whose bodies come from a .ts caller and a .vue caller is migrated with both', async () => {
    const wrapper = 'export function assignApp(code: string, body: Record<string, unknown>) {\n  return fetch(`/platform/v1/apps/${code}/assign`, { method: "POST", body: JSON.stringify(body) });\n}\n';
    const vue = (body: string) => `<template>\n  <button @click="go">go</button>\n</template>\n<script setup lang="ts">\nimport { assignApp } from './api';\nconst go = () => assignApp('hr', ${body});\n</script>\n`;
    const dir = tree({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/api.ts': wrapper,
      'src/a.ts': "import { assignApp } from './api';\nexport const run = (uid: string) => assignApp('crm', { business_uid: uid });\n",
      'src/App.vue': vue("{ directory_uid: 'dir_1', is_internal: 'true' }"),
    });
    expect((await command(['migrate'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'src/api.ts'), 'utf8')).toBe(wrapper.replace('/platform/v1/apps/${code}/assign', '/v3/apps/app_assignments'));
    expect(readFileSync(join(dir, 'src/a.ts'), 'utf8')).toContain("assignApp('crm', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' })");
    expect(readFileSync(join(dir, 'src/App.vue'), 'utf8')).toBe(vue("{ assignee_type: 'directory', assignee_uid: 'dir_1', app_code_name: 'hr', settings: { assignment_mode: 'internal' } }"));
  });

  it('a component its config does not include is still a caller, found by its import', async () => {
    const dir = tree({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src/**/*.ts'] }),
      'src/api/assign.ts': WRAPPER,
      'src/App.vue': CALLER,
    });
    expect((await command(['migrate'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'src/api/assign.ts'), 'utf8')).toBe(WRAPPER_MIGRATED);
    expect(readFileSync(join(dir, 'src/App.vue'), 'utf8')).toBe(CALLER);
  });

  it('an Astro client script, which project mode does not read, is named; the wrapper it calls is decided as for any caller it cannot see', async () => {
    const page = `---\nconst title = 'Apps';\n---\n<h1>{title}</h1>\n<script>\n  import { assignApp } from './api/assign';\n  void assignApp('crm', 'b-1');\n</script>\n`;
    const config = JSON.stringify({ compilerOptions: { strict: true }, include: ['src/**/*.ts'] });
    const dir = tree({ 'tsconfig.json': config, 'src/api/assign.ts': WRAPPER, 'src/page.astro': page });
    const run = await command(['migrate'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('src/page.astro:5: <script> is a module of its own, read only when each file is read alone (--no-project)');
    expect(readFileSync(join(dir, 'src/page.astro'), 'utf8')).toBe(page);
    // The same call in a file outside the config: a caller the project does not show either.
    const twin = tree({ 'tsconfig.json': config, 'src/api/assign.ts': WRAPPER, 'scripts/page.js': "import { assignApp } from '../src/api/assign';\nvoid assignApp('crm', 'b-1');\n" });
    expect((await command(['migrate'], twin)).code).toBe(0);
    expect(readFileSync(join(dir, 'src/api/assign.ts'), 'utf8')).toBe(readFileSync(join(twin, 'src/api/assign.ts'), 'utf8'));
  });

  it('component cases come out as in file mode', async () => {
    const dir = tree({ 'tsconfig.json': '{}', ...Object.fromEntries(cases.filter((c) => c.ext !== 'astro').map((c) => [`${c.name}.${c.ext}`, c.input])) });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    const run = await command(['migrate'], dir);
    expect(run.code).toBe(0);
    for (const c of cases.filter((c) => c.ext !== 'astro')) expect(readFileSync(join(dir, `${c.name}.${c.ext}`), 'utf8')).toBe(c.output);
  });
});
