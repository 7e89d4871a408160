/**
 * The edits chosen so far for one file, indexed by where they fall: whether a new edit overlaps one of them, repeats
 * one, or lands inside one is answered from the few edits near it, not by comparing it with every edit of the file
 * (a file of thousands of calls would otherwise cost the square of its calls).
 */
import type { TextEdit } from '@app-assignment/core';

/** The width of a bucket of the text: the edits of one call fall in one or two. */
const BUCKET = 1024;

export class EditIndex {
  readonly #edits: TextEdit[] = [];
  readonly #buckets = new Map<number, TextEdit[]>();
  readonly #keys = new Set<string>();

  /** The edits in the order they were added. */
  get edits(): readonly TextEdit[] {
    return this.#edits;
  }

  add(edit: TextEdit): void {
    this.#edits.push(edit);
    this.#keys.add(keyOf(edit));
    for (const bucket of bucketsOf(edit.range[0], edit.range[1])) {
      const list = this.#buckets.get(bucket);
      if (list === undefined) this.#buckets.set(bucket, [edit]);
      else list.push(edit);
    }
  }

  /** An edit with the same range and text was added. */
  has(edit: TextEdit): boolean {
    return this.#keys.has(keyOf(edit));
  }

  /** Some edit added shares a character with `edit`, or holds its insertion point strictly inside. */
  overlaps(edit: TextEdit): boolean {
    const [start, end] = edit.range;
    return this.#near(start, end).some((other) => start < other.range[1] && other.range[0] < end);
  }

  /** Some edit added replaces a span that holds `offset` strictly inside. */
  encloses(offset: number): boolean {
    return this.#near(offset, offset).some((other) => other.range[0] < offset && offset < other.range[1]);
  }

  #near(start: number, end: number): TextEdit[] {
    const found: TextEdit[] = [];
    for (const bucket of bucketsOf(start, end)) found.push(...(this.#buckets.get(bucket) ?? []));
    return found;
  }
}

function keyOf(edit: TextEdit): string {
  return `${edit.range[0]}:${edit.range[1]}:${edit.text}`;
}

/**
 * The buckets a span touches: those of its characters, or for an insertion the one of its offset. Two spans that
 * overlap share a character (or one holds the other's insertion point), so they share a bucket.
 */
function bucketsOf(start: number, end: number): number[] {
  const first = Math.floor(start / BUCKET);
  const last = Math.floor(Math.max(start, end - 1) / BUCKET);
  const buckets: number[] = [];
  for (let bucket = first; bucket <= last; bucket++) buckets.push(bucket);
  return buckets;
}
