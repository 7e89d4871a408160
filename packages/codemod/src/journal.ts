/**
 * A run that writes is recorded before its first write, so that a run killed halfway can be finished or undone.
 *
 * The journal (`.app-assignment/journal.json` at the run's root: the repository's root, else the working folder)
 * lists each file to write with the SHA-256 of the bytes the run read and the text it will write (and the text read,
 * for a rollback). The new texts go to temporary files, then each is renamed over its file, after a check that the
 * file still holds the bytes the run read; the journal is removed last. A run that finds a journal completes it: a file
 * that still holds the planned old text gets the new text, a file that holds the new text is left, and a file changed
 * since the plan is not touched and named. `--rollback` restores the old texts instead. A lock (lock.ts) keeps a
 * second writing run out meanwhile.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { acquireLock } from './lock.js';
import { RunRefusal } from './refusal.js';
import { commit, discard, removeStaleTemps, type Staged, stage, writeFileAtomic } from './write.js';

/** The folder of a run's state, at its root; git ignores it (it holds its own .gitignore). */
export const STATE_DIR = '.app-assignment';
const JOURNAL = 'journal.json';

/**
 * Test hook: `APP_ASSIGNMENT_TEST_PAUSE_AFTER_WRITE=n` makes a run pause right after the n-th file of its write phase
 * is in place (n = 0: after the journal and the temporary files are made, before the last check and the first rename).
 * It prints `paused after write n` on stderr, then waits to be killed, or to be resumed by SIGUSR2. The kill tests use
 * it to stop a run at each write in turn, and to edit a file while a run writes; it has no other use.
 */
const PAUSE_AFTER_WRITE = 'APP_ASSIGNMENT_TEST_PAUSE_AFTER_WRITE';

interface JournalEntry {
  /** The file written: a real path (a symlink's target). */
  readonly path: string;
  readonly beforeSha256: string;
  readonly afterSha256: string;
  readonly before: string;
  readonly after: string;
}

interface Journal {
  readonly version: 1;
  readonly pid: number;
  readonly started: string;
  readonly files: readonly JournalEntry[];
}

/** What a run did with the journal of an interrupted run. */
export interface Recovery {
  readonly action: 'completed' | 'rolled back';
  /** Files written now (the new text, or for a rollback the old one). */
  readonly written: readonly string[];
  /** Files that already held what they should. */
  readonly already: readonly string[];
  /** Temporary files of the interrupted run, removed. */
  readonly removedTemps: readonly string[];
}

/** A writing run's hold on its root: the lock, and what became of an interrupted run's journal. */
export interface Session {
  readonly root: string;
  readonly stateDir: string;
  readonly recovered?: Recovery;
  /** Set when a stale lock was taken over. */
  readonly note?: string;
  close(): void;
}

/** Where a run keeps its state: the repository's root above `cwd` (a `.git` there), else `cwd`. */
export function runRoot(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Takes the lock of the run's root and, when an interrupted run left its journal, completes it (or rolls it back).
 * Throws RunRefusal when another run holds the lock, or when a file of the journal changed since it was planned.
 */
export function openSession(cwd: string, options: { readonly rollback?: boolean } = {}): Session {
  const root = runRoot(cwd);
  const stateDir = join(root, STATE_DIR);
  const lock = acquireLock(stateDir);
  try {
    const journal = readJournal(stateDir);
    const recovered = journal === undefined ? undefined : settle(journal, stateDir, options.rollback === true ? 'rolled back' : 'completed');
    return {
      root,
      stateDir,
      ...(recovered === undefined ? {} : { recovered }),
      ...(lock.tookOver === undefined ? {} : { note: lock.tookOver }),
      close: () => lock.release(),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

function readJournal(stateDir: string): Journal | undefined {
  const path = join(stateDir, JOURNAL);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const journal = JSON.parse(text) as Journal;
    if (journal.version === 1 && Array.isArray(journal.files)) return journal;
  } catch {
    // below
  }
  throw new RunRefusal(`the journal of an interrupted run cannot be read: ${path}\nLook at it, then remove it to go on without it.`);
}

/** Completes or rolls back a journal; the journal is removed only when every file holds what it should. */
function settle(journal: Journal, stateDir: string, action: Recovery['action']): Recovery {
  const written: string[] = [];
  const already: string[] = [];
  const conflicts: string[] = [];
  for (const entry of journal.files) {
    const [want, wantSha, otherSha] = action === 'completed'
      ? [entry.after, entry.afterSha256, entry.beforeSha256]
      : [entry.before, entry.beforeSha256, entry.afterSha256];
    let current: string;
    try {
      current = sha256(readFileSync(entry.path));
    } catch (error) {
      conflicts.push(`  ${entry.path}: cannot be read: ${(error as Error).message}`);
      continue;
    }
    if (current === wantSha) already.push(entry.path);
    else if (current === otherSha) {
      writeFileAtomic(entry.path, want);
      written.push(entry.path);
    } else conflicts.push(`  ${entry.path}: changed since the interrupted run (pid ${journal.pid}, ${journal.started}) planned it`);
  }
  const removedTemps = removeTemps(journal.files.map((entry) => entry.path));
  if (conflicts.length > 0) {
    const journalPath = join(stateDir, JOURNAL);
    throw new RunRefusal([
      `an interrupted run left its journal (${journalPath}); ${action === 'completed' ? 'completing' : 'rolling back'} it, ` +
        `${written.length} files were written and ${already.length} already held their text, but these files were not touched:`,
      ...conflicts,
      `Their text is neither the one the interrupted run read nor the one it wrote: look at them. Then ${action === 'completed'
        ? 'run again with --rollback to restore the files it wrote'
        : 'run again to complete it instead'}, or remove ${journalPath} to leave the files as they are.`,
    ].join('\n'));
  }
  unlinkSync(join(stateDir, JOURNAL));
  return { action, written, already, removedTemps };
}

/** Removes the temporary files a killed run left beside `files`. */
function removeTemps(files: readonly string[]): string[] {
  const byDir = new Map<string, Set<string>>();
  for (const file of files) {
    const names = byDir.get(dirname(file)) ?? new Set<string>();
    names.add(basename(file));
    byDir.set(dirname(file), names);
  }
  return [...byDir].flatMap(([dir, names]) => removeStaleTemps(dir, names));
}

/** What became of the files a run meant to write. */
export interface WriteOutcome {
  /** The files not written, each with why (read-only, changed since it was read, held back with one of those). */
  readonly notWritten: ReadonlyMap<string, string>;
  /** Set when the journal had to be kept (a file changed during the write phase): what to tell the user. */
  readonly journalKept?: string;
}

/**
 * Writes a run's changes (`file` as the run named it: `before`, the text it read; `after`, the text to write).
 * `groups`: the files whose changes depend on one another (project mode: a wrapper and its callers, a type and the
 * bodies it types, a test's mocks and their calls), each written whole or not at all. A file that cannot be written
 * (read-only, changed since the run read it) holds back the other files of its group, which are named with it; every
 * other group, and every file in no group, is written. Read alone, each file is its own group.
 */
export async function writeChanges(
  changes: ReadonlyMap<string, { readonly before: string; readonly after: string }>,
  session: Session,
  groups: readonly (readonly string[])[] = [],
  display: (file: string) => string = (file) => file,
): Promise<WriteOutcome> {
  const notWritten = new Map<string, string>();
  const groupOf = new Map<string, readonly string[]>();
  for (const group of groups) for (const file of group) if (changes.has(file) && group.length > 1) groupOf.set(file, group);
  /** Holds back the files of `file`'s group that are still to write; returns those held. */
  const holdGroupOf = (file: string, why: string, pending: (other: string) => boolean): string[] => {
    const held: string[] = [];
    for (const other of groupOf.get(file) ?? []) {
      if (other === file || notWritten.has(other) || !changes.has(other) || !pending(other)) continue;
      notWritten.set(other, `not written: its changes go with those of ${display(file)} (a wrapper with its callers, or a type or a mock with its calls), which ${why} (see there)`);
      held.push(other);
    }
    return held;
  };
  const planned: { file: string; entry: JournalEntry }[] = [];
  for (const [file, { before, after }] of changes) {
    let target: string;
    try {
      target = realpathSync(file); // a symlink's target is written in place; the link stays
      const stat = statSync(target);
      if ((stat.mode & 0o222) === 0) {
        notWritten.set(file, 'read-only file: not rewritten (make it writable and run again)');
        continue;
      }
      if (sha256(readFileSync(target)) !== sha256(before)) {
        notWritten.set(file, 'changed since the run read it: not written (run again to migrate its new text)');
        continue;
      }
    } catch (error) {
      notWritten.set(file, `could not write: ${(error as Error).message}`);
      continue;
    }
    planned.push({ file, entry: { path: target, beforeSha256: sha256(before), afterSha256: sha256(after), before, after } });
  }
  for (const file of [...notWritten.keys()]) holdGroupOf(file, 'cannot be written', () => true);
  const toWrite = planned.filter(({ file }) => !notWritten.has(file));
  if (toWrite.length === 0) return { notWritten };
  removeTemps(toWrite.map(({ entry }) => entry.path));

  const journalPath = join(session.stateDir, JOURNAL);
  writeJournal(journalPath, { version: 1, pid: process.pid, started: new Date().toISOString(), files: toWrite.map(({ entry }) => entry) });
  const staged: Staged[] = [];
  const pending = new Set<Staged>();
  // Interrupted here, the journal stays (the next run completes it or rolls it back) and no temporary file is left.
  const onSignal = (signal: NodeJS.Signals) => {
    for (const s of pending) discard(s);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    try {
      for (const { entry } of toWrite) {
        const s = stage(entry.path, entry.after);
        staged.push(s);
        pending.add(s);
      }
    } catch (error) {
      // Nothing is in place yet: the run writes nothing, and the journal goes.
      for (const s of staged) discard(s);
      unlinkSync(journalPath);
      for (const { file } of toWrite) notWritten.set(file, `not written: could not stage the new texts: ${(error as Error).message}`);
      return { notWritten };
    }
    const pauseAfter = Number(process.env[PAUSE_AFTER_WRITE] ?? NaN);
    if (pauseAfter === 0) await pauseForTest(0);
    // Every file once more before the first rename: an edit made since the run read it holds back its group.
    for (const { file, entry } of toWrite) {
      if (notWritten.has(file) || holds(entry.path, entry.beforeSha256)) continue;
      notWritten.set(file, 'changed since the run read it: not written (run again to migrate its new text)');
      holdGroupOf(file, 'changed since the run read it', () => true);
    }
    const written = new Set<string>();
    let done = 0;
    let halfGroup = false;
    for (const [index, { file, entry }] of toWrite.entries()) {
      const s = staged[index]!;
      if (notWritten.has(file)) {
        discard(s);
        pending.delete(s);
        continue;
      }
      // The last moment to see an edit made since the run read the file (an editor, a formatter on save).
      if (!holds(entry.path, entry.beforeSha256)) {
        discard(s);
        pending.delete(s);
        notWritten.set(file, 'changed while the run was writing: not written');
        holdGroupOf(file, 'changed while the run was writing', (other) => !written.has(other));
        // A file of its group is written already: the group is half written until the journal is completed or rolled back.
        if ((groupOf.get(file) ?? []).some((other) => written.has(other))) halfGroup = true;
        continue;
      }
      commit(s);
      pending.delete(s);
      written.add(file);
      done++;
      if (done === pauseAfter) await pauseForTest(done);
    }
    if (halfGroup) {
      return {
        notWritten,
        journalKept: `a file changed while the run was writing, after others of its group were written: the journal ${journalPath} is kept; ` +
          'run again to complete the run (the changed file will be named), or with --rollback to restore what it wrote',
      };
    }
    unlinkSync(journalPath);
    return { notWritten };
  } finally {
    for (const s of pending) discard(s);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

function writeJournal(path: string, journal: Journal): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(journal), { flush: true });
  renameSync(temp, path);
}

/** The file still holds the bytes whose hash is `sha`. */
function holds(path: string, sha: string): boolean {
  try {
    return sha256(readFileSync(path)) === sha;
  } catch {
    return false;
  }
}

async function pauseForTest(done: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const alive = setInterval(() => undefined, 60_000);
    // Listening before saying so: the test may signal as soon as it reads the line.
    process.once('SIGUSR2', () => {
      clearInterval(alive);
      resolve();
    });
    process.stderr.write(`app-assignment: paused after write ${done} (${PAUSE_AFTER_WRITE})\n`);
  });
}

/** `migrate --rollback`: restores what an interrupted run wrote. Returns the lines to print; throws RunRefusal. */
export function rollbackRun(cwd: string): string[] {
  const session = openSession(cwd, { rollback: true });
  try {
    if (session.recovered === undefined) return [`app-assignment: no interrupted run to roll back in ${session.root} (no ${STATE_DIR}/${JOURNAL})`];
    return recoveryLines(session.recovered, session.root);
  } finally {
    session.close();
  }
}

/** What was done with an interrupted run's journal, for people. */
export function recoveryLines(recovered: Recovery, root: string): string[] {
  const verb = recovered.action === 'completed' ? 'completed it' : 'rolled it back';
  const rel = (path: string) => (path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path);
  return [
    `app-assignment: found the journal of an interrupted run and ${verb}: ${recovered.written.length} files written, ` +
      `${recovered.already.length} already as they should be${recovered.removedTemps.length > 0 ? `, ${recovered.removedTemps.length} temporary files removed` : ''}`,
    ...recovered.written.map((path) => `  ${rel(path)}`),
  ];
}
