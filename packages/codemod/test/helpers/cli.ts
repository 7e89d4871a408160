/**
 * The `app-assignment` binary, spawned as a user runs it, on temporary folders removed after each test file; and the
 * same command run in the test's own process (`command`, scripts/lib/command.mjs), for tests that read what it reports
 * rather than how its process behaves: TypeScript and ts-morph are then loaded once per test file, not once per run.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { makeTempDir } from '../../../../scripts/lib/temp.mjs';
import { command } from '../../../../scripts/lib/command.mjs';

const require = createRequire(import.meta.url);
export const CLI = join(dirname(require.resolve('@app-assignment/codemod/package.json')), 'dist', 'cli.js');

/** A temporary folder, removed after the test file (scripts/test-setup.ts). */
export function tempDir(prefix = 'app-assignment-scan-'): string {
  return makeTempDir(prefix);
}

export function tree(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** The user a test runs the binary as when it needs permissions to count: nobody, when the tests run as root. */
export const UNPRIVILEGED = 65_534;
export const isRoot = process.getuid?.() === 0;

/** Hands a tree to the unprivileged user (when the tests run as root), as a user's own checkout is theirs. */
export function giveAway(dir: string): void {
  if (!isRoot) return;
  const walk = (path: string): void => {
    chownSync(path, UNPRIVILEGED, UNPRIVILEGED);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else chownSync(join(path, entry.name), UNPRIVILEGED, UNPRIVILEGED);
    }
  };
  walk(dir);
}

export interface CliOptions {
  /**
   * Run bound by file permissions, as a user is. When the tests run as root, the binary runs as root without the
   * capabilities that bypass them (setpriv drops them from its bounding set): the tree stays the test's own, and the
   * checkout may sit in a folder only root can enter (as a CI clone in a private temporary folder does).
   */
  readonly unprivileged?: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

const BYPASSING = '-dac_override,-dac_read_search,-fowner';

export function cli(args: string[], cwd: string, options: CliOptions = {}) {
  const bound = options.unprivileged === true && isRoot;
  const [command, prefix] = bound ? ['setpriv', [`--bounding-set=${BYPASSING}`, '--', process.execPath]] : [process.execPath, []];
  const result = spawnSync(command, [...prefix, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

export { command };

/** `app-assignment migrate . --json --force <extraArgs>` in the project's folder, in process: the report parsed. */
export async function migrateProject<Report>(dir: string, extraArgs: string[] = []): Promise<Report> {
  const result = await command(['migrate', '.', '--json', '--force', ...extraArgs], dir);
  if (result.code !== 0) throw new Error(`migrate exited ${result.code}:\n${result.stderr}`);
  return JSON.parse(result.stdout) as Report;
}
