/**
 * Who owns a file, from the repository's CODEOWNERS (GitHub reads `.github/CODEOWNERS`, then `CODEOWNERS`, then
 * `docs/CODEOWNERS`): the page for a lead says whom each remaining call is for, and `apply --owner` writes one owner's
 * part. Read as GitHub documents it ("About code owners"): gitignore's patterns, but paths are case-sensitive, a
 * pattern ending in `/*` matches the files directly in that folder and not deeper ones, `!` negation and `[ ]` ranges
 * do not work (such a line is no rule); a space in a path is escaped with `\`; the last rule that matches a file
 * decides, and a rule with no owner means nobody.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CODEOWNERS_PLACES = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];

/** The owners of a root-relative path. */
export type OwnersOf = (path: string) => readonly string[];

/** A line's words: split at whitespace that no `\` escapes, the escapes taken out; a `#` after whitespace starts a comment. */
function wordsOf(line: string): { pattern: string; owners: string[] } | undefined {
  const words: string[] = [];
  let word = '';
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      started = true;
      continue;
    }
    if (/\s/.test(c)) {
      if (started) words.push(word);
      word = '';
      started = false;
      continue;
    }
    if (c === '#' && !started) break;
    word += c;
    started = true;
  }
  if (started) words.push(word);
  const [pattern, ...owners] = words;
  return pattern === undefined ? undefined : { pattern, owners };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The regular expression of a pattern over root-relative paths, or undefined for a line GitHub does not read as a rule. */
export function codeownersPattern(pattern: string): RegExp | undefined {
  if (pattern.startsWith('!') || /[[\]]/.test(pattern)) return undefined;
  const folder = pattern.endsWith('/');
  let body = folder ? pattern.replace(/\/+$/, '') : pattern;
  // A slash at the start or in the middle anchors the pattern at the root; otherwise it matches at any depth.
  const anchored = body.includes('/');
  body = body.replace(/^\/+/, '');
  if (body === '') return folder ? /^/ : undefined;
  const segments = body.split('/');
  let source = '';
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      source += last ? '.*' : '(?:[^/]+/)*';
      return;
    }
    source += segment.split(/(\*+|\?)/).map((part) => (part.startsWith('*') ? '[^/]*' : part === '?' ? '[^/]' : escapeRegExp(part))).join('');
    if (!last) source += '/';
  });
  // What a pattern names is a file, or a folder and everything in it, except a trailing `/*`: that folder's files only.
  const directChildren = !folder && segments.length > 1 && segments[segments.length - 1] === '*';
  const contents = folder ? '/.+' : directChildren ? '' : '(?:/.+)?';
  return new RegExp(`^${anchored ? '' : '(?:[^/]+/)*'}${source}${contents}$`);
}

/** Reads the rules of a CODEOWNERS text. */
export function parseCodeowners(text: string): OwnersOf {
  const rules = text
    .split(/\r?\n/)
    .map(wordsOf)
    .filter((rule) => rule !== undefined)
    .flatMap(({ pattern, owners }) => {
      const matches = codeownersPattern(pattern);
      return matches === undefined ? [] : [{ matches, owners }];
    });
  return (path) => {
    for (let i = rules.length - 1; i >= 0; i--) if (rules[i]!.matches.test(path)) return rules[i]!.owners;
    return [];
  };
}

/** The CODEOWNERS of a repository root, the first of GitHub's places that exists; undefined when there is none. */
export function readCodeowners(root: string): OwnersOf | undefined {
  for (const place of CODEOWNERS_PLACES) {
    let text: string;
    try {
      text = readFileSync(join(root, place), 'utf8');
    } catch {
      continue;
    }
    return parseCodeowners(text);
  }
  return undefined;
}
