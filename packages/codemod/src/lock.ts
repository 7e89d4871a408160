/**
 * One writing run at a time: a lock file in the run's state folder (`.app-assignment/lock`), made exclusively, that
 * holds the pid of the run. A second run is refused with that pid; a lock whose process is gone (a run killed) is
 * stale and taken over, with a note.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { RunRefusal } from './refusal.js';
import { isAlive } from './write.js';

export interface Lock {
  readonly path: string;
  /** Set when a stale lock of a killed run was taken over: what to tell the user. */
  readonly tookOver?: string;
  release(): void;
}

interface LockData {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
}

/** Takes the lock of the state folder `dir` (made if missing, with a .gitignore so git ignores it). */
export function acquireLock(dir: string): Lock {
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, '.gitignore'), '# State of a running or interrupted app-assignment run.\n*\n', { flag: 'wx' });
  } catch {
    // already there
  }
  const path = join(dir, 'lock');
  const data: LockData = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  let tookOver: string | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify(data)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    const holder = readLock(path);
    if (holder !== undefined && (holder.host !== hostname() || isAlive(holder.pid))) {
      throw new RunRefusal([
        `another app-assignment run (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, started ${holder.started}) is writing here;`,
        'wait for it to finish, then run again. If no such run is going on, remove the lock file:',
        `  ${path}`,
      ].join('\n'));
    }
    tookOver = holder === undefined
      ? `note: took over the unreadable lock ${path}`
      : `note: took over the lock of a run that is gone (pid ${holder.pid}, started ${holder.started})`;
    try {
      unlinkSync(path);
    } catch {
      // another run took it over first: the next attempt sees its lock
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      if (readLock(path)?.pid === process.pid) unlinkSync(path);
    } catch {
      // gone already
    }
    removeIfOnlyOurs(dir);
  };
  process.on('exit', release);
  return { path, ...(tookOver === undefined ? {} : { tookOver }), release };
}

function readLock(path: string): LockData | undefined {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockData>;
    return typeof data.pid === 'number' && typeof data.host === 'string' ? { pid: data.pid, host: data.host, started: String(data.started) } : undefined;
  } catch {
    return undefined;
  }
}

/** The state folder is removed when nothing but its .gitignore is left (no journal, no other run's lock). */
function removeIfOnlyOurs(dir: string): void {
  try {
    if (readdirSync(dir).every((name) => name === '.gitignore')) rmSync(dir, { recursive: true, force: true });
  } catch {
    // gone already
  }
}
