import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { validateOptions } from '@app-assignment/core';
import { migrateText } from '@app-assignment/codemod';
import { diffLines } from 'diff';
import { describe, expect, it } from 'vitest';
import { loadCases, loadComponentCases } from '../../../fixtures/load.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const cases = loadCases();

describe('migrateText over fixtures/', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, fixture) => {
    const result = migrateText(fixture.input, fixture.filename, validateOptions(fixture.options));
    expect(result.output).toBe(fixture.output ?? fixture.input);
    // Mocks of the request are sites of their own kind (fixtures/mocks); a case is about its one call.
    const calls = result.sites.filter((site) => site.kind !== 'mock');
    expect(calls).toHaveLength(fixture.finding === null ? 0 : 1);
    if (fixture.finding !== null) {
      const site = calls[0]!;
      expect([site.line, site.column]).toEqual([fixture.finding.line, fixture.finding.column]);
      const migrated = fixture.finding.outcome === 'fix' || fixture.finding.outcome === 'review';
      expect(site.outcome).toBe(fixture.finding.outcome);
      expect(site.migrated).toBe(migrated);
      expect(site.kind).toBe('call');
      expect(site.via).toEqual([]);
      expect(site.reasons.map((r) => (r.key === undefined ? r.code : `${r.code}:${r.key}`))).toEqual(fixture.finding.reasons);
      expect(site.reason).toBe(site.reasons.length === 0 ? undefined : site.reasons.map((r) => r.text).join('; '));
    }
  });

  it.each(cases.filter((c) => c.output !== undefined).map((c) => [c.name, c] as const))(
    'a second run over the output of %s changes nothing',
    (_name, fixture) => {
      const again = migrateText(fixture.output!, fixture.filename, validateOptions(fixture.options));
      expect(again.output).toBe(fixture.output);
      expect(again.changed).toBe(false);
    },
  );

  it('changes only the migrated call and the TODO line (diff hunks)', () => {
    for (const fixture of cases.filter((c) => c.output !== undefined)) {
      const changedLines = diffLines(fixture.input, fixture.output!).filter((part) => part.added === true);
      const removed = diffLines(fixture.input, fixture.output!).filter((part) => part.removed === true);
      const text = changedLines.map((part) => part.value).join('');
      const removedLines = removed.map((p) => p.value).join('').split(/\r?\n/);
      const addedLines = text.split(/\r?\n/);
      // A base const that only the call used loses its /platform/v1, and nothing else on its line changes.
      const baseEdit = (before: string, after: string) => before.includes('/platform/v1') && before.replace('/platform/v1', '') === after;
      // A form's content type becomes JSON, and nothing else on its line changes.
      const formType = (before: string, after: string) => /application\/x-www-form-urlencoded[^'"]*/.test(before) &&
        before.replace(/application\/x-www-form-urlencoded[^'"]*/, 'application/json') === after;
      // A shared URL builder's call becomes the v3 path as a string, and nothing else on its line changes.
      const builderCall = (before: string, after: string) => {
        const call = /[\w$.]+\([^()]*\)/.exec(before)?.[0];
        const path = /(['"])\/?v3\/apps\/app_assignments\1/.exec(after)?.[0];
        // Inside a template, the `${…}` that held the call becomes the path's text.
        const inTemplate = /\$\{\s*[\w$.]+\([^()]*\)\s*\}/.exec(before)?.[0];
        return (call !== undefined && path !== undefined && before.replace(call, path) === after) ||
          (inTemplate !== undefined && before.replace(inTemplate, '/v3/apps/app_assignments') === after);
      };
      const pairedEdit = (before: string, after: string) => baseEdit(before, after) || formType(before, after) || builderCall(before, after);
      // Every added line is a TODO, the new URL, a line of the new body, or such a base const or content type.
      for (const line of addedLines.filter((l) => l.trim() !== '' && !removedLines.some((r) => pairedEdit(r, l)))) {
        expect(line, `${fixture.name}: ${line}`).toMatch(
          /TODO\(app-assignment\)|v3\/apps\/app_assignments|assignee_type|assignee_uid|app_code_name|settings|assignment_mode|^\s*[})\]],?;?$|^\s*\{$/,
        );
      }
      // Nothing but the deprecated request is removed (with the `if` that set one of its keys, for a body built in steps;
      // with openapi-fetch, the `params` that held the path's id).
      for (const line of removedLines.filter((l) => l.trim() !== '' && !addedLines.some((a) => pairedEdit(l, a)))) {
        expect(line, `${fixture.name}: ${line}`).toMatch(
          /platform\/v1\/apps|apps\/.*\/assign\b|^\s*params: \{ path: \{ id: \w+ \} \},$|business_uid|directory_uid|is_internal|pre_installed|built_in|hide_from_market|^\s*[})\]],?;?$|^\s*\{$|JSON\.stringify\(\{$|^\s*(?:\} else )?if \(!?\w+\) \{$|^\s*\} else \{$|= \{\};$/,
        );
      }
    }
  });

  it('keeps CRLF line endings and a byte order mark', () => {
    const crlf = '\uFEFFimport axios from "axios";\r\nexport const go = (uid: string) =>\r\n  axios.post("/platform/v1/apps/crm/assign", {\r\n    directory_uid: uid,\r\n    built_in: "true",\r\n  });\r\n';
    const result = migrateText(crlf, 'a.ts', validateOptions({ builtIn: 'drop' }));
    expect(result.output.startsWith('\uFEFF')).toBe(true);
    expect(result.output.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(result.output).toContain('\r\n// TODO(app-assignment): built_in was dropped');
    expect(result.output).toContain('"/v3/apps/app_assignments"');
  });

  it('parses .ts with the TS grammar (a <T>x cast) and .tsx/.jsx with JSX', () => {
    const cast = 'const n = <number>(<unknown>1);\nfetch(`/platform/v1/apps/${c}/assign`, { method: "POST", body: JSON.stringify({ business_uid: b }) });\n';
    expect(migrateText(cast, 'a.ts').output).toContain('/v3/apps/app_assignments');
    const jsx = 'export const B = () => <button onClick={() => fetch(`/platform/v1/apps/${c}/assign`, { method: "POST", body: JSON.stringify({ business_uid: b }) })} />;\n';
    expect(migrateText(jsx, 'a.tsx').output).toContain('/v3/apps/app_assignments');
    expect(migrateText(jsx, 'a.jsx').output).toContain('/v3/apps/app_assignments');
  });

  it('puts one TODO per call, even for two calls in one statement, and never twice', () => {
    const text = 'await Promise.all([\n  fetch("/platform/v1/apps/a/assign", { method: "POST", body: JSON.stringify({ business_uid: x, directory_uid: y }) }),\n  fetch("/platform/v1/apps/b/assign", { method: "POST", body: JSON.stringify({}) }),\n]);\n';
    const once = migrateText(text, 'a.ts').output;
    expect(once.match(/TODO\(app-assignment\)/g)).toHaveLength(2);
    expect(migrateText(once, 'a.ts').output).toBe(once);
  });

  it('puts the TODO right above each call that starts its own line in a shared statement', () => {
    const text = 'await Promise.all([\n  fetch("/platform/v1/apps/a/assign", { method: "POST", body: JSON.stringify({ business_uid: x, directory_uid: y }) }),\n  fetch("/platform/v1/apps/b/assign", { method: "POST", body: JSON.stringify({}) }),\n]);\n';
    const lines = migrateText(text, 'a.ts').output.split('\n');
    expect(lines[1]).toMatch(/^ {2}\/\/ TODO\(app-assignment\): the body sets both business_uid and directory_uid/);
    expect(lines[2]).toContain('/platform/v1/apps/a/assign');
    expect(lines[3]).toMatch(/^ {2}\/\/ TODO\(app-assignment\): the body sets neither/);
    expect(lines[4]).toContain('/platform/v1/apps/b/assign');
  });

  it('numbers the TODOs of calls that share a line, in the order of the calls, and keeps them on a second run', () => {
    const text = 'export const f = () => { log(); return [fetch("/platform/v1/apps/a/assign", { method: "POST", body: JSON.stringify({}) }), fetch("/platform/v1/apps/b/assign", { method: "POST", body: JSON.stringify({ business_uid: x, directory_uid: y }) })]; };\n';
    const once = migrateText(text, 'a.ts').output;
    const todos = once.split('\n').filter((line) => line.includes('TODO(app-assignment)'));
    expect(todos).toEqual([
      '// TODO(app-assignment): call 1 of 2 in this statement: the body sets neither business_uid nor directory_uid; v3 needs one assignee, so add it by hand',
      '// TODO(app-assignment): call 2 of 2 in this statement: the body sets both business_uid and directory_uid; v3 takes one assignee, so choose which one this call means',
    ]);
    expect(once.startsWith('export const f = () => { log();\n// TODO')).toBe(true);
    expect(migrateText(once, 'a.ts').output).toBe(once);
  });

  it('does not number a TODO against a call migrated in the same run', () => {
    const text = 'export const f = () => [fetch("/platform/v1/apps/a/assign", { method: "POST", body: JSON.stringify({ business_uid: x }) }), fetch("/platform/v1/apps/b/assign", { method: "POST", body: JSON.stringify({}) })];\n';
    const once = migrateText(text, 'a.ts').output;
    expect(once).toContain('/v3/apps/app_assignments');
    expect(once).toMatch(/^\/\/ TODO\(app-assignment\): the body sets neither/);
    expect(migrateText(once, 'a.ts').output).toBe(once);
  });

  it.each(['// eslint-disable-next-line no-undef', '/* eslint-disable-next-line no-undef */'])(
    'puts the TODO above %s, not between it and its line, and never twice',
    (directive) => {
      const text = `import axios from 'axios';\nexport function f(code, d) {\n  ${directive}\n  return axios.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: d, built_in: 'true' }, undef1);\n}\n`;
      const once = migrateText(text, 'a.js').output;
      const lines = once.split('\n');
      expect(lines[2]).toMatch(/^ {2}\/\/ TODO\(app-assignment\): /);
      expect(lines[3]).toBe(`  ${directive}`);
      expect(lines[4]).toMatch(/^ {2}return axios\.post\(/);
      expect(migrateText(once, 'a.js').output).toBe(once);
    },
  );

  it('keeps the byte order mark first when the TODO goes above line 1, and counts the column without it', () => {
    const plain = 'fetch("/platform/v1/apps/a/assign", { method: "POST", body: JSON.stringify({}) });\n';
    const withoutBom = migrateText(plain, 'a.ts');
    const result = migrateText(`\uFEFF${plain}`, 'a.ts');
    expect(result.output.startsWith('\uFEFF// TODO(app-assignment): ')).toBe(true);
    expect(result.output).toBe(`\uFEFF${withoutBom.output}`);
    expect(result.sites).toEqual(withoutBom.sites);
    expect([result.sites[0]!.line, result.sites[0]!.column]).toEqual([1, 1]);
    expect(migrateText(result.output, 'a.ts').output).toBe(result.output);
  });
});

describe('the jscodeshift transform', () => {
  it('runs under jscodeshift itself and gives the same output', () => {
    const dir = makeTempDir('app-assignment-jscodeshift-');
    const picked = cases.filter((c) => c.output !== undefined && /^(ts|tsx)$/.test(c.ext) && Object.keys(c.options).length === 0).slice(0, 6);
    picked.forEach((c, i) => cpSync(c.filename, join(dir, `case${i}.${c.ext}`)));
    writeFileSync(join(dir, 'untouched.ts'), 'export const x = Object.assign({}, { a: 1 });\n');
    const require = createRequire(import.meta.url);
    const bin = join(require.resolve('jscodeshift/package.json'), '..', 'bin', 'jscodeshift.js');
    const transform = require.resolve('@app-assignment/codemod/transform');
    const run = spawnSync(process.execPath, [bin, '--no-babel', '-t', transform, '--parser', 'tsx', '--extensions', 'ts,tsx', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/0 errors/);
    picked.forEach((c, i) => expect(readFileSync(join(dir, `case${i}.${c.ext}`), 'utf8'), c.name).toBe(c.output));
    expect(readFileSync(join(dir, 'untouched.ts'), 'utf8')).toBe('export const x = Object.assign({}, { a: 1 });\n');
  });

  it('migrates the script blocks of Vue, Svelte and Astro files under jscodeshift (--extensions vue,svelte,astro)', () => {
    const dir = makeTempDir('app-assignment-jscodeshift-components-');
    const components = loadComponentCases();
    for (const c of components) cpSync(c.filename, join(dir, `${c.name}.${c.ext}`));
    const require = createRequire(import.meta.url);
    const bin = join(require.resolve('jscodeshift/package.json'), '..', 'bin', 'jscodeshift.js');
    const transform = require.resolve('@app-assignment/codemod/transform');
    const run = spawnSync(process.execPath, [bin, '--no-babel', '-t', transform, '--extensions', 'vue,svelte,astro', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/0 errors/);
    for (const c of components) expect(readFileSync(join(dir, `${c.name}.${c.ext}`), 'utf8'), c.name).toBe(c.output);
  });
});
