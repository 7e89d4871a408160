/**
 * The seed: the directories, businesses, apps and tokens the server starts with. Seeds are written by hand for
 * tests, so validation reports every problem at once, each with the JSON path where it is, instead of failing on
 * the first or, worse, starting a server whose answers are quietly wrong.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { V3Key } from '@app-assignment/core';
import { REPORT_FIELD_KINDS, type ReportFieldName, type ReportFields } from './report-fields.js';

export interface SeedDirectory {
  readonly uid: string;
  /** For people reading the seed; the server does not use it. */
  readonly name?: string;
}

export interface SeedBusiness extends ReportFields {
  readonly uid: string;
  /** Uid of the directory the business belongs to (directory-token rule 3). */
  readonly directory: string;
}

export interface SeedApp {
  readonly [V3Key.appCodeName]: string;
  readonly app_id: number;
  /** Uid of the directory that owns the app (directory-token rules 1 to 3). */
  readonly owner: string;
}

export type TokenKind = 'internal' | 'directory' | 'partner';
export const TOKEN_KINDS: readonly TokenKind[] = ['internal', 'directory', 'partner'];

/** Internal and directory tokens are bearer tokens for the assignment operations; partner ones are report API keys. */
export type SeedToken =
  | { readonly value: string; readonly kind: 'internal' }
  | { readonly value: string; readonly kind: 'directory'; readonly directory: string }
  | { readonly value: string; readonly kind: 'partner' };

export interface Seed {
  readonly directories: readonly SeedDirectory[];
  readonly businesses: readonly SeedBusiness[];
  readonly apps: readonly SeedApp[];
  readonly tokens: readonly SeedToken[];
}

/** A seed that cannot be used. `problems` lists each one with its JSON path. */
export class SeedError extends Error {
  readonly problems: readonly string[];
  constructor(summary: string, problems: readonly string[] = []) {
    super(problems.length === 0 ? summary : `${summary}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SeedError';
    this.problems = problems;
  }
}

const DEFAULT_SEED_URL = new URL('../seed/default-seed.json', import.meta.url);

/** The seed bundled with the package (seed/default-seed.json); a fresh copy each call, so callers may change it. */
export function defaultSeed(): Seed {
  return parseSeedText(readFileSync(DEFAULT_SEED_URL, 'utf8'), 'the bundled default seed');
}

/** Reads and validates a seed file. Throws `SeedError` when it cannot be read, is not JSON, or is not a valid seed. */
export async function loadSeed(path: string | URL): Promise<Seed> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SeedError(
      `cannot read seed file ${String(path)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseSeedText(text, `seed file ${String(path)}`);
}

function parseSeedText(text: string, source: string): Seed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SeedError(`${source} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return validateSeed(value, source);
}

/** Checks that `value` is a usable seed and returns it typed. Throws `SeedError` listing every problem. */
export function validateSeed(value: unknown, source = 'seed'): Seed {
  const problems: string[] = [];
  const problem = (path: string, message: string): void => {
    problems.push(`${path}: ${message}`);
  };

  if (!isPlainObject(value)) {
    throw new SeedError(`${source} is not valid`, [`(root): expected an object, got ${describe(value)}`]);
  }
  checkKeys(value, '(root)', ['directories', 'businesses', 'apps', 'tokens'], [], problem);
  const directories = arrayAt(value, 'directories', problem);
  const businesses = arrayAt(value, 'businesses', problem);
  const apps = arrayAt(value, 'apps', problem);
  const tokens = arrayAt(value, 'tokens', problem);

  const directoryUids = new Set<string>();
  directories.forEach((entry, index) => {
    const path = `directories[${index}]`;
    if (!isPlainObject(entry)) return problem(path, `expected an object, got ${describe(entry)}`);
    checkKeys(entry, path, ['uid'], ['name'], problem);
    const uid = identifierAt(entry, 'uid', path, problem);
    if (uid !== undefined) unique(directoryUids, uid, `${path}.uid`, 'directory uid', problem);
    if (Object.hasOwn(entry, 'name') && typeof entry['name'] !== 'string') {
      problem(`${path}.name`, `expected a string, got ${describe(entry['name'])}`);
    }
  });

  const knownDirectory = (uid: string | undefined, path: string): void => {
    if (uid !== undefined && !directoryUids.has(uid)) problem(path, `no directory has uid "${uid}"`);
  };

  const businessUids = new Set<string>();
  const emails = new Set<string>();
  const reportFields = Object.keys(REPORT_FIELD_KINDS) as ReportFieldName[];
  businesses.forEach((entry, index) => {
    const path = `businesses[${index}]`;
    if (!isPlainObject(entry)) return problem(path, `expected an object, got ${describe(entry)}`);
    // Report fields are optional here only because checkReportField reports a missing one with its type.
    checkKeys(entry, path, ['uid', 'directory'], reportFields, problem);
    const uid = identifierAt(entry, 'uid', path, problem);
    if (uid !== undefined) unique(businessUids, uid, `${path}.uid`, 'business uid', problem);
    knownDirectory(identifierAt(entry, 'directory', path, problem), `${path}.directory`);
    for (const field of reportFields) checkReportField(entry, field, path, problem);
    const email = entry['email'];
    if (typeof email === 'string') {
      if (!email.includes('@')) problem(`${path}.email`, `"${email}" is not an e-mail address`);
      // The report looks e-mails up without regard to case, so two that differ only in case would be ambiguous.
      unique(emails, email.toLowerCase(), `${path}.email`, 'e-mail address (compared without case)', problem);
    }
  });

  const codeNames = new Set<string>();
  const appIds = new Set<string>();
  apps.forEach((entry, index) => {
    const path = `apps[${index}]`;
    if (!isPlainObject(entry)) return problem(path, `expected an object, got ${describe(entry)}`);
    checkKeys(entry, path, [V3Key.appCodeName, 'app_id', 'owner'], [], problem);
    const codeName = identifierAt(entry, V3Key.appCodeName, path, problem);
    if (codeName !== undefined) unique(codeNames, codeName, `${path}.${V3Key.appCodeName}`, 'app code name', problem);
    const appId = entry['app_id'];
    if (typeof appId !== 'number' || !Number.isSafeInteger(appId) || appId < 0) {
      problem(`${path}.app_id`, `expected a non-negative integer, got ${describe(appId)}`);
    } else {
      unique(appIds, String(appId), `${path}.app_id`, 'app_id', problem);
    }
    knownDirectory(identifierAt(entry, 'owner', path, problem), `${path}.owner`);
  });
  // The path of the deprecated operation tells a code name from a numeric app_id by looking both up; a code name
  // that is also some app's app_id would make that lookup ambiguous.
  for (const [index, entry] of apps.entries()) {
    const codeName = isPlainObject(entry) ? entry[V3Key.appCodeName] : undefined;
    if (typeof codeName === 'string' && appIds.has(codeName)) {
      problem(`apps[${index}].${V3Key.appCodeName}`, `"${codeName}" is also an app_id; a code name must not be`);
    }
  }

  const tokenValues = new Set<string>();
  tokens.forEach((entry, index) => {
    const path = `tokens[${index}]`;
    if (!isPlainObject(entry)) return problem(path, `expected an object, got ${describe(entry)}`);
    const kind = entry['kind'];
    const isDirectory = kind === 'directory';
    checkKeys(entry, path, isDirectory ? ['value', 'kind', 'directory'] : ['value', 'kind'], [], problem);
    if (typeof kind !== 'string' || !(TOKEN_KINDS as readonly string[]).includes(kind)) {
      problem(`${path}.kind`, `expected one of ${TOKEN_KINDS.map((k) => `"${k}"`).join(', ')}, got ${describe(kind)}`);
    }
    const token = identifierAt(entry, 'value', path, problem);
    if (token !== undefined) {
      // Tokens travel in an Authorization header: inside quotes for the report, bare after "Bearer".
      if (!/^[\x21-\x7e]+$/.test(token) || token.includes('"')) {
        problem(`${path}.value`, 'a token must be printable ASCII without spaces or double quotes');
      }
      unique(tokenValues, token, `${path}.value`, 'token value', problem);
    }
    if (isDirectory) knownDirectory(identifierAt(entry, 'directory', path, problem), `${path}.directory`);
  });

  if (problems.length > 0) throw new SeedError(`${source} is not valid`, problems);
  // Every field was checked above; the copy keeps the caller's object out of the server's hands.
  return structuredClone(value) as unknown as Seed;
}

type Problem = (path: string, message: string) => void;

function checkReportField(
  entry: Record<string, unknown>,
  field: ReportFieldName,
  path: string,
  problem: Problem,
): void {
  const at = `${path}.${field}`;
  if (!Object.hasOwn(entry, field)) return problem(at, 'missing');
  const value = entry[field];
  switch (REPORT_FIELD_KINDS[field]) {
    case 'string':
      if (typeof value !== 'string') problem(at, `expected a string, got ${describe(value)}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') problem(at, `expected a boolean, got ${describe(value)}`);
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        problem(at, `expected an integer, got ${describe(value)}`);
      return;
    case 'string-map':
      if (!isPlainObject(value)) return problem(at, `expected an object of strings, got ${describe(value)}`);
      for (const [key, inner] of Object.entries(value)) {
        if (typeof inner !== 'string') problem(`${at}.${key}`, `expected a string, got ${describe(inner)}`);
      }
      return;
  }
}

function checkKeys(
  entry: Record<string, unknown>,
  path: string,
  required: readonly string[],
  optional: readonly string[],
  problem: Problem,
): void {
  for (const key of required) {
    if (!Object.hasOwn(entry, key)) problem(`${path}.${key}`, 'missing');
  }
  for (const key of Object.keys(entry)) {
    if (!required.includes(key) && !optional.includes(key)) problem(`${path}.${key}`, 'unknown key (a typo?)');
  }
}

function arrayAt(root: Record<string, unknown>, key: string, problem: Problem): readonly unknown[] {
  const value = root[key];
  if (Array.isArray(value)) return value;
  if (Object.hasOwn(root, key)) problem(key, `expected an array, got ${describe(value)}`);
  return [];
}

function identifierAt(entry: Record<string, unknown>, key: string, path: string, problem: Problem): string | undefined {
  if (!Object.hasOwn(entry, key)) return undefined; // checkKeys reported it as missing
  const value = entry[key];
  if (typeof value === 'string' && value.length > 0) return value;
  problem(`${path}.${key}`, `expected a non-empty string, got ${describe(value)}`);
  return undefined;
}

function unique(seen: Set<string>, value: string, path: string, what: string, problem: Problem): void {
  if (seen.has(value)) problem(path, `duplicate ${what} "${value}"`);
  seen.add(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  // JSON has no other types; a seed built in code may still hold a function or undefined.
  return value === undefined ? 'nothing' : typeof value;
}
