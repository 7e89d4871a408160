/**
 * Typed linting follows imports as the codemod's project mode does: on every project of `fixtures/projects/`, real
 * ESLint with type information (`projectService`) and `followImports` reports exactly the sites that
 * `app-assignment scan --json` lists (calls of wrappers included), and without type information it keeps its per-file
 * reports.
 */
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';
import { CLI } from '../../../scripts/lib/proof.mjs';
import { copyProject, projectNames } from '../../../scripts/lib/project-proof.mjs';

interface ScanReport {
  files: { path: string; sites: { line: number; column: number; kind: string }[] }[];
}

function scanSites(dir: string, extra: string[] = []): string[] {
  const run = spawnSync(process.execPath, [CLI, 'scan', '.', '--json', ...extra], { cwd: dir, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as ScanReport;
  return report.files.flatMap((file) => file.sites.map((site) => `${file.path}:${site.line}:${site.column}`)).sort();
}

async function lintSites(dir: string, typed: boolean): Promise<string[]> {
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: {
        parser: tseslint.parser,
        parserOptions: typed ? { projectService: true, tsconfigRootDir: dir } : {},
      },
      plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
      rules: { 'app-assignment/no-deprecated-assign': ['error', { followImports: typed }] },
    },
  ];
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config, ignorePatterns: ['**/dist/**'] });
  const results = await eslint.lintFiles(['**/*.ts']);
  for (const result of results) {
    const fatal = result.messages.filter((m) => m.fatal === true);
    expect(fatal, result.filePath).toEqual([]);
  }
  return results.flatMap((result) => result.messages
    .filter((m) => m.ruleId === 'app-assignment/no-deprecated-assign')
    .map((m) => `${relative(dir, result.filePath)}:${m.line}:${m.column}`)).sort();
}

describe('typed linting reports the sites scan lists', () => {
  for (const name of projectNames()) {
    it(`${name}: ESLint with followImports and scan agree; without type information, ESLint and scan --no-project agree`, async () => {
      const dir = copyProject(name, 'lint');
      const typed = await lintSites(dir, true);
      expect(typed.length).toBeGreaterThan(0);
      expect(typed).toEqual(scanSites(dir));
      expect(await lintSites(dir, false)).toEqual(scanSites(dir, ['--no-project']));
    });
  }
});
