/**
 * Small TypeScript projects written to temporary folders: `migrate` run in them as a user runs it (project mode), and
 * the real TypeScript compiler run over them with the sample app's installed types.
 */
import { rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { compileConfig } from '../../../../scripts/lib/compile.mjs';
import { command, tree } from './cli.js';

const SAMPLE_MODULES = resolve(import.meta.dirname, '../../../../fixtures/sample-app/node_modules');

export const COMPILER_OPTIONS = { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, lib: ['es2022', 'dom'], skipLibCheck: true };
export const TSCONFIG = JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['src'] });

/** A project of `files` with an ES module package.json and `tsconfig`; the folders made are removed by `removeAll`. */
export function projectTrees() {
  const made: string[] = [];
  return {
    project(files: Record<string, string>, tsconfig = TSCONFIG): string {
      const dir = tree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }\n', 'tsconfig.json': tsconfig, ...files });
      made.push(dir);
      return dir;
    },
    removeAll(): void {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `app-assignment migrate <paths> --json --force` in the folder (in this process: `command`), the report parsed. */
export async function migrateIn<Report>(dir: string, args: string[] = ['.']): Promise<Report> {
  const result = await command(['migrate', ...args, '--json', '--force'], dir);
  expect(result.stdout, result.stderr).not.toBe('');
  return JSON.parse(result.stdout) as Report;
}

/** The project type-checks with the real compiler. */
export function compiles(dir: string): void {
  symlinkSync(SAMPLE_MODULES, join(dir, 'node_modules'), 'dir');
  try {
    expect(() => compileConfig(join(dir, 'tsconfig.json'))).not.toThrow();
  } finally {
    rmSync(join(dir, 'node_modules'));
  }
}
