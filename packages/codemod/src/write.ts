/** Atomic writes: a temporary file beside the target, with the target's mode, renamed over it. */
import { chmodSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let counter = 0;

export function writeFileAtomic(path: string, text: string): void {
  const { mode } = statSync(path);
  const temp = join(dirname(path), `.${basename(path)}.app-assignment-${process.pid}-${counter++}.tmp`);
  try {
    writeFileSync(temp, text, { mode });
    chmodSync(temp, mode); // the umask may have cut bits off
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // The temporary file was never made.
    }
    throw error;
  }
}
