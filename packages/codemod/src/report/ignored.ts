/** What `.gitignore` kept out of a run, and the files a run skipped, said in words (both `migrate` and `scan` print it). */
import type { RunReport } from '../run.js';

export function ignoredLines(ignored: RunReport['ignored']): string[] {
  if (ignored.files === 0) return [];
  const by = ignored.by.slice(0, 5).map((b) => `${b.pattern} (${b.source}): ${b.files}`);
  const more = ignored.by.length > 5 ? `, and ${ignored.by.length - 5} more patterns` : '';
  return [
    `${ignored.files} source files skipped because .gitignore covers them (${by.join('; ')}${more}); pass --no-ignore to read them too`,
  ];
}

/** One warning for each folder named on the command line that yielded no file. */
export function emptyPathWarnings(empty: RunReport['empty']): string[] {
  return empty.map(({ path, ignored }) =>
    ignored > 0
      ? `warning: ${path}: all ${ignored} source files under it are ignored by .gitignore; pass --no-ignore to read them`
      : `warning: ${path}: holds no source file (.js .jsx .mjs .cjs .ts .tsx .mts .cts .vue .svelte .astro)`,
  );
}

/**
 * The files a run skipped (too large, not text, not UTF-8, nested too deeply to parse), each with its reason: never
 * dropped in silence.
 */
export function skippedLines(files: RunReport['files']): string[] {
  const skipped = files.filter((file) => file.status === 'skipped');
  if (skipped.length === 0) return [];
  const unparsable = skipped.filter((file) => file.unparsable === true).length;
  const exit = unparsable === 0 ? '' : `; ${unparsable} could not be parsed, so the run exits 1`;
  return [
    `${skipped.length} files skipped, not read${unparsable === 0 ? '' : ' or not parsed'} (they may hold calls: look at them yourself${exit}):`,
    ...skipped.map((file) => `  ${file.path}: ${file.skipped ?? 'skipped'}`),
  ];
}

/** What a run says when it reads each file alone though `--no-project` was not given. */
export const FILE_BY_FILE =
  'read file by file: no tsconfig.json or jsconfig.json in this folder, above it or in its folders (add one to follow imports across files, or say --no-project)';

/** What a run read file by file says when no test was among its files, and it migrated calls. */
export const TESTS_UNREAD =
  'no test file was among the files read, so no test\'s mock of the deprecated request was checked against the calls migrated here: a test that mocks one of them (msw, nock, a mocked fetch) still mocks the old route; run over the tests too (or the whole repository), and a call whose mock cannot follow it stays on the old route with it';

/** The parts of files a run read that it did not read (a component's external script, the route in its markup). */
export function unreadLines(files: RunReport['files']): string[] {
  const parts = files.flatMap((file) => (file.unread ?? []).map((part) => `  ${file.path}:${part.line}: ${part.reason}`));
  if (parts.length === 0) return [];
  return [`${parts.length} parts of files not read (they may hold calls: look at them yourself):`, ...parts];
}
