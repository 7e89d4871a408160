// Types of command.mjs, for the TypeScript tests that use it.
export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function command(args: string[], cwd: string): Promise<CommandResult>;
