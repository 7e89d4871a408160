// Types of command.mjs, for the TypeScript tests that use it.
import type { MigrateReport } from './proof.mjs';

export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function command(args: string[], cwd: string): Promise<CommandResult>;

/** `migrate <dir>/<path>... --json --force <extraArgs>` run in process: the report parsed. */
export function migrateHere(dir: string, extraArgs?: readonly string[], paths?: readonly string[]): Promise<MigrateReport>;
