/**
 * How a run reads one source file: its text, or why it is left out (too large, binary, bytes that are not UTF-8) or
 * could not be read. A file left out is named in every report, never dropped in silence.
 */
import { readFileSync } from 'node:fs';

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
