/**
 * A call's fingerprint: stable while code moves around it, so that code scanning keeps one alert per call and the
 * ratchet (`app-assignment ratchet`) tells a new call from an old one. It hashes the file, the rule and the call's
 * own text from its first character to the end of its line, with runs of white space made one; not the line number.
 * Calls with the same text in the same file are told apart by their order (`:1`, `:2`, ...).
 */
import { createHash } from 'node:crypto';

/** The rule every site is reported under (the ESLint rule's id). */
export const RULE_ID = 'app-assignment/no-deprecated-assign';
/** The key of this tool's fingerprint in SARIF's `partialFingerprints`; the version changes only if the hashed text does. */
export const FINGERPRINT_KEY = 'appAssignmentSite/v1';

export interface Located {
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

/** What a site's fingerprint hashes. */
function basisOf(site: Located, text: string | undefined): string {
  const line = text?.split(/\r?\n/)[site.line - 1] ?? '';
  const call = line.slice(site.column - 1).replace(/\s+/g, ' ').trim();
  return `${site.path}\0${RULE_ID}\0${call}`;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/**
 * The fingerprints of sites, in their order: `textOf` gives a file's text by the site's path. Sites of one file with
 * the same text are numbered in the order given, so pass them in the order of the file.
 */
export function fingerprintsOf(sites: readonly Located[], textOf: (path: string) => string | undefined): string[] {
  const seen = new Map<string, number>();
  const texts = new Map<string, string | undefined>();
  return sites.map((site) => {
    if (!texts.has(site.path)) texts.set(site.path, textOf(site.path));
    const basis = basisOf(site, texts.get(site.path));
    const occurrence = (seen.get(basis) ?? 0) + 1;
    seen.set(basis, occurrence);
    return `${hash(basis)}:${occurrence}`;
  });
}
