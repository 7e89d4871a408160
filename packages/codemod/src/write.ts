/**
 * Writing one file so that nothing but its text changes: the new text goes to a temporary file beside the target
 * (the target of a symlink: the link stays a link), which takes the target's mode and, when the run may set it, its
 * owner, and is then renamed over it. A file with hard links is written in place instead, so that every link sees
 * the new text. Temporary files are named so that a later run recognises them as its own.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, type Stats, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The middle of every temporary file's name: `.<file>.app-assignment-tmp-<pid>-<random>`. */
const TEMP_MARK = '.app-assignment-tmp-';

let counter = 0;

/** A temporary file made for `target`, not yet renamed over it. */
export interface Staged {
  readonly target: string;
  /** Undefined for a file written in place (hard links). */
  readonly temp: string | undefined;
  readonly text: string;
}

function tempNameFor(target: string): string {
  return join(dirname(target), `.${basename(target)}${TEMP_MARK}${process.pid}-${counter++}${randomBytes(3).toString('hex')}`);
}

/** Writes `text` to a new file at `path` and flushes it to the disk. */
function writeDurably(path: string, text: string, flags: string, mode?: number): void {
  const fd = openSync(path, flags, mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The new text in a temporary file beside `target` (a real path), with its mode and, as root, its owner. */
export function stage(target: string, text: string, stat: Stats = statSync(target)): Staged {
  if (stat.nlink > 1) return { target, temp: undefined, text };
  const temp = tempNameFor(target);
  try {
    writeDurably(temp, text, 'wx', stat.mode & 0o7777);
    chmodSync(temp, stat.mode & 0o7777); // the umask may have cut bits off
    // Only root may give a file away; anyone else writes files they own or may write in place of their owner.
    if (process.getuid?.() === 0 && (stat.uid !== 0 || stat.gid !== 0)) chownSync(temp, stat.uid, stat.gid);
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
  return { target, temp, text };
}

/** Puts a staged text in place: a rename, or for a file with hard links a write in place. */
export function commit(staged: Staged): void {
  if (staged.temp === undefined) writeDurably(staged.target, staged.text, 'r+');
  else renameSync(staged.temp, staged.target);
}

/** Removes a staged temporary file that will not be renamed. */
export function discard(staged: Staged): void {
  if (staged.temp !== undefined) removeQuietly(staged.temp);
}

/**
 * Atomic write of one file (what the journal's completion and rollback use, and a plan file): over an existing file
 * with its mode and owner, or a new one through a temporary file beside it.
 */
export function writeFileAtomic(path: string, text: string): void {
  if (!existsSync(path)) {
    const temp = tempNameFor(path);
    try {
      writeDurably(temp, text, 'wx');
      renameSync(temp, path);
    } catch (error) {
      removeQuietly(temp);
      throw error;
    }
    return;
  }
  const staged = stage(path, text);
  try {
    commit(staged);
  } catch (error) {
    discard(staged);
    throw error;
  }
}

/**
 * Removes the temporary files this tool left in `dir` for the files `names` (a killed run's): only names of the
 * tool's own pattern, and never one of a run that is still going (the lock keeps other runs out; a live pid is kept
 * all the same). Returns the paths removed.
 */
export function removeStaleTemps(dir: string, names: ReadonlySet<string>): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    const at = entry.indexOf(TEMP_MARK);
    if (!entry.startsWith('.') || at < 0 || !names.has(entry.slice(1, at))) continue;
    const pid = Number(/^(\d+)-/.exec(entry.slice(at + TEMP_MARK.length))?.[1]);
    if (pid === process.pid || isAlive(pid)) continue;
    if (removeQuietly(join(dir, entry))) removed.push(join(dir, entry));
  }
  return removed;
}

/** Whether a process with this id runs on this machine (one we may not signal runs too). */
export function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process killed a moment ago is a zombie until its parent reaps it: it runs no more.
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc: the signal said it exists
  }
}

function removeQuietly(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false; // never made, or gone already
  }
}
