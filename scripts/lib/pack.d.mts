// Types of pack.mjs, for the TypeScript tests that use it.
import type { SpawnSyncReturns } from 'node:child_process';
export function pack(name: string, dest: string): string;
export function installPacked(packages: readonly string[], registryDeps: readonly string[]): string;
export function run(command: string, args: readonly string[], cwd: string): SpawnSyncReturns<string>;
