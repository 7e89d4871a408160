/**
 * The options `migrate` and `scan` share, read once for both: what to do with built_in and with the tests' mocks, a config file, worker
 * processes, a shard of the files, ignored files and project mode. A bad value is refused with a message that says
 * what to write instead.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { AnalysisOptions } from '@app-assignment/core';
import type { Shard } from './files.js';

/** More slices than any CI matrix runs: a larger n is a typo, and numbers past it lose precision. */
export const MAX_SHARDS = 10_000;

/** A command line the tool refuses (exit 2), with what to do about it. */
export class UsageError extends Error {}

/** The command-line options every command that reads the tree takes (`parseArgs` declarations), declared once. */
export const TREE_OPTIONS = {
  'no-ignore': { type: 'boolean', default: false },
  'no-project': { type: 'boolean', default: false },
  builtin: { type: 'string' },
  tests: { type: 'string' },
  config: { type: 'string' },
  jobs: { type: 'string' },
} as const;

export interface SharedValues {
  readonly builtin?: string | undefined;
  readonly tests?: string | undefined;
  readonly config?: string | undefined;
  readonly jobs?: string | undefined;
  readonly shard?: string | undefined;
  readonly 'no-ignore'?: boolean | undefined;
  readonly 'no-project'?: boolean | undefined;
}

export interface SharedOptions {
  readonly analysis: AnalysisOptions;
  /** Undefined: one per core. */
  readonly jobs?: number;
  readonly shard?: Shard;
  readonly noIgnore: boolean;
  readonly project: boolean;
}

export async function sharedOptions(values: SharedValues): Promise<SharedOptions> {
  if (values.builtin !== undefined && values.builtin !== 'keep' && values.builtin !== 'drop') {
    throw new UsageError(`--builtin must be "keep" or "drop", not "${values.builtin}"`);
  }
  if (values.tests !== undefined && values.tests !== 'follow' && values.tests !== 'ignore') {
    throw new UsageError(`--tests must be "follow" or "ignore", not "${values.tests}"`);
  }
  // The config loader validates through core: loaded only when a command runs.
  const { loadOptions } = await import('./config.js');
  let analysis: AnalysisOptions;
  try {
    analysis = loadOptions(values.config, values.builtin);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // The flag wins over the config file; `follow` is the default, written only as the absence of `ignore`.
  if (values.tests === 'ignore') analysis = { ...analysis, tests: 'ignore' };
  else if (values.tests === 'follow' && analysis.tests !== undefined) {
    const { tests: _tests, ...rest } = analysis;
    analysis = rest;
  }
  let jobs: number | undefined;
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs);
    if (!/^\d+$/.test(values.jobs) || jobs < 1) throw new UsageError(`--jobs must be a whole number of at least 1, not "${values.jobs}"`);
    // More workers than cores only compete for them, each with its own parser and memory.
    jobs = Math.min(jobs, Math.max(1, availableParallelism()));
  }
  let shard: Shard | undefined;
  if (values.shard !== undefined) {
    const match = /^(\d{1,6})\/(\d{1,6})$/.exec(values.shard);
    const index = Number(match?.[1]);
    const count = Number(match?.[2]);
    if (match === null || count < 1 || index < 1 || index > count || count > MAX_SHARDS) {
      throw new UsageError(`--shard must be i/n with 1 <= i <= n <= ${MAX_SHARDS}, such as 1/4, not "${values.shard}"`);
    }
    shard = { index, count };
  }
  return {
    analysis,
    ...(jobs === undefined ? {} : { jobs }),
    ...(shard === undefined ? {} : { shard }),
    noIgnore: values['no-ignore'] === true,
    project: values['no-project'] !== true,
  };
}

/**
 * Why a report cannot be written to `path` (absolute), checked before the run so that a long scan does not end in a
 * failed write; undefined when it can be.
 */
export function outputProblem(path: string): string | undefined {
  const stat = statOrUndefined(path);
  if (stat?.isDirectory() === true) return 'is a folder: name a file in it, such as report.json';
  if (stat !== undefined) return writable(path) ? undefined : 'cannot be written (no write permission on the file)';
  const folder = dirname(path);
  const parent = statOrUndefined(folder);
  if (parent === undefined) return `its folder ${folder} does not exist: create it first`;
  if (!parent.isDirectory()) return `${folder} is not a folder`;
  return writable(folder) ? undefined : `its folder ${folder} cannot be written (no write permission)`;
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
