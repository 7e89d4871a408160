/**
 * Temporary folders of the proofs, the benchmarks' helpers and the tests, made in one place so that whoever made them
 * can remove them all: every test file does (`scripts/test-setup.ts` registers `removeTempDirs` after each file), so a
 * run of the suite leaves no `app-assignment-*` folder behind (`.ci/run` checks).
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set();

/** A new folder `<tmpdir>/<prefix>XXXXXX`, removed by the next `removeTempDirs()`. */
export function makeTempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder `makeTempDir` made, even those a test took permissions away from. */
export function removeTempDirs() {
  for (const dir of made) {
    restorePermissions(dir);
    rmSync(dir, { recursive: true, force: true });
  }
  made.clear();
}

function restorePermissions(dir) {
  try {
    chmodSync(dir, 0o755);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.isSymbolicLink()) restorePermissions(join(dir, entry.name));
    }
  } catch {
    // gone already, or not ours to change
  }
}
