// Types of temp.mjs, for the TypeScript tests that use it.
export function makeTempDir(prefix: string): string;
export function removeTempDirs(): void;
