/**
 * How a run reads one source file: its text, or why it is left out (too large, binary, bytes that are not UTF-8) or
 * could not be read. A file left out is named in every report, never dropped in silence.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { ROUTE_TEXT } from '@app-assignment/core/components';

/** Files larger than this are not source a person wrote; they are reported as skipped. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export type SourceRead =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'skipped'; readonly reason: string }
  | { readonly kind: 'error'; readonly message: string };

// The byte order mark is kept: it is part of the file, and stays its first character.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function readSource(file: string): SourceRead {
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch (error) {
    return { kind: 'error', message: `could not read: ${(error as Error).message}` };
  }
  if (buffer.length > MAX_FILE_BYTES) return { kind: 'skipped', reason: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB (${buffer.length} bytes)` };
  if (buffer.includes(0)) return { kind: 'skipped', reason: 'holds NUL bytes: not a text file' };
  try {
    // Decoding and encoding again would turn each invalid byte into U+FFFD: such a file is not rewritten.
    return { kind: 'text', text: utf8.decode(buffer) };
  } catch {
    return { kind: 'skipped', reason: 'not valid UTF-8: a rewrite would change its other bytes' };
  }
}

/** Files that hold no text a person wrote: never looked at for the route. */
const BINARY = /\.(?:png|jpe?g|gif|webp|avif|ico|bmp|tiff?|svgz|woff2?|ttf|otf|eot|mp[34]|webm|mov|avi|wav|ogg|flac|zip|gz|tgz|bz2|xz|7z|rar|jar|pdf|exe|dll|so|dylib|node|wasm|class|o|a|bin|db|sqlite)$/i;

/**
 * Why a file of a type the run does not read is named in its reports: it spells the route, so it may hold a call
 * (an `.mdx` page's code, a template's script) that nobody will migrate unless told. Undefined when it does not.
 */
export function unreadTypeReason(file: string): string | undefined {
  if (BINARY.test(file)) return undefined;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return undefined;
    const buffer = readFileSync(file);
    if (buffer.includes(0) || !ROUTE_TEXT.test(buffer.toString('utf8'))) return undefined;
  } catch {
    return undefined; // a file that cannot be read is no source of this run: its folder's listing said what there is
  }
  const type = extname(file) === '' ? 'a file without an extension' : `a ${extname(file)} file`;
  // A test's recorded requests (nock.back's `__nock-fixtures__/*.json`) replay the route: the test that loads them holds its calls.
  if (extname(file) === '.json') return `${type} that spells the route (a recording of requests, or data); files of this type are not read as code, so a request in it is not migrated: re-record it once its calls send v3`;
  return `${type} that spells the route; files of this type are not read as code, so a call in it is not migrated`;
}
