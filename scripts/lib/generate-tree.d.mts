// Types of generate-tree.mjs, for the TypeScript tests that use it.
export function generateTree(dir: string, count: number, share: number, seed?: number): { files: number; calls: number; exact: number };
export function callsFileText(calls: number): { text: string; calls: number; exact: number };
export function generateCallsFile(path: string, calls: number): { calls: number; exact: number };
