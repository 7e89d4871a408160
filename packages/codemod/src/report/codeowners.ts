/**
 * Who owns a file, from the repository's CODEOWNERS (GitHub reads `.github/CODEOWNERS`, then `CODEOWNERS`, then
 * `docs/CODEOWNERS`): the page for a lead says whom each remaining call is for. The patterns are gitignore's, and
 * the last one that matches a file decides; a pattern with no owner means nobody.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore from 'ignore';

export const CODEOWNERS_PLACES = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];

/** The owners of a root-relative path. */
export type OwnersOf = (path: string) => readonly string[];

/** Reads the rules of a CODEOWNERS text. */
export function parseCodeowners(text: string): OwnersOf {
  const rules = text
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [pattern, ...owners] = line.split(/\s+/);
      return { matches: ignore().add(pattern!), owners };
    });
  return (path) => {
    for (let i = rules.length - 1; i >= 0; i--) if (rules[i]!.matches.ignores(path)) return rules[i]!.owners;
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
