/**
 * The `app-assignment` command run in the calling process by the code the binary runs (`runCommand` of the codemod's
 * dist/command.js), its stdout and stderr captured: the exit code, output and file writes of a spawned run, without
 * loading node, TypeScript and ts-morph again for every run. For tests that read what the command reports; a test of
 * the process itself (signals, permissions, environment, exit) spawns the binary. The test runner's worker must be a
 * process (vitest's `forks` pool, its default), as the run changes to its folder.
 */
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI } from './proof.mjs';

let running = Promise.resolve();

/**
 * `app-assignment <args>` in `cwd`: `{ code, stdout, stderr }`. Runs one at a time, as the output streams are this
 * process's own.
 */
export function command(args, cwd) {
  const result = running.then(() => runInProcess(args, cwd));
  running = result.catch(() => undefined);
  return result;
}

/**
 * `app-assignment migrate <dir>/<path>... --json --force <extraArgs>` in `dir`, run here as `command` runs it: the
 * report parsed (proof.mjs's `migrate`, which spawns the binary, without a node, TypeScript and ts-morph per run).
 */
export async function migrateHere(dir, extraArgs = [], paths = ['.']) {
  const result = await command(['migrate', ...paths.map((path) => join(dir, path)), '--json', '--force', ...extraArgs], dir);
  if (result.code !== 0) throw new Error(`migrate exited ${result.code}:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

async function runInProcess(args, cwd) {
  const { runCommand } = await import(pathToFileURL(join(dirname(CLI), 'command.js')).href);
  const out = [];
  const err = [];
  // The streams' own `write` (usually none: Writable's), put back exactly as it was afterwards.
  const saved = [process.stdout, process.stderr].map((stream) => [stream, Object.getOwnPropertyDescriptor(stream, 'write')]);
  const capture = (into) => (chunk) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  };
  // A spawned run's working folder is `cwd`: what the command resolves against the process's (a --config path) too.
  const before = process.cwd();
  process.chdir(cwd);
  Object.defineProperty(process.stdout, 'write', { value: capture(out), configurable: true, writable: true });
  Object.defineProperty(process.stderr, 'write', { value: capture(err), configurable: true, writable: true });
  try {
    const code = await runCommand(args, cwd);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    for (const [stream, descriptor] of saved) {
      if (descriptor === undefined) Reflect.deleteProperty(stream, 'write');
      else Object.defineProperty(stream, 'write', descriptor);
    }
    process.chdir(before);
  }
}
