/**
 * `eslint --fix` fixes one file of a wrapper group at a time: the next file is linted in a program that already holds
 * the first one's new text. These cases pin down how such a text is recognized as "the planned parts applied" (and
 * nothing else), and how offsets move between the two texts.
 */
import { applyEdits, type TextEdit } from '@app-assignment/core';
import { describe, expect, it } from 'vitest';
import { matchApplied, partKey, shiftOf } from '../src/planned-edits.js';

const original = "await assignApp('a', { business_uid: 'b' });\nawait other('c', { directory_uid: 'd' });\n";
const span = (text: string): [number, number] => [original.indexOf(text), original.indexOf(text) + text.length];
const first: TextEdit[] = [{ range: span("{ business_uid: 'b' }"), text: "{ assignee_type: 'business', assignee_uid: 'b', app_code_name: 'a' }" }];
const second: TextEdit[] = [{ range: span("{ directory_uid: 'd' }"), text: "{ assignee_type: 'directory' }" }];

describe('matchApplied', () => {
  it('finds which planned parts a text holds: one, the other, or both', () => {
    expect([...matchApplied(original, [first, second], applyEdits(original, first))!.parts]).toEqual([partKey(first)]);
    expect([...matchApplied(original, [first, second], applyEdits(original, second))!.parts]).toEqual([partKey(second)]);
    expect([...matchApplied(original, [first, second], applyEdits(original, [...first, ...second]))!.parts].sort())
      .toEqual([partKey(first), partKey(second)].sort());
  });

  it('finds nothing in a text edited otherwise, even by one character more', () => {
    expect(matchApplied(original, [first, second], `${applyEdits(original, first)} `)).toBeUndefined();
    expect(matchApplied(original, [first, second], original.replace("'c'", "'e'"))).toBeUndefined();
  });
});

describe('shiftOf', () => {
  const shift = shiftOf(first);
  const current = applyEdits(original, first);

  it('moves an offset after an applied edit by what the edit added, and keeps one before it', () => {
    const at = original.indexOf('other');
    const moved = shift.toCurrent(at) ?? -1;
    expect(current.slice(moved, moved + 5)).toBe('other');
    expect(shift.toOriginal(moved)).toBe(at);
    expect(shift.toCurrent(6)).toBe(6);
    expect(shift.toOriginal(6)).toBe(6);
  });

  it('has no offset for a place inside an applied edit', () => {
    const inside = first[0]!.range[0] + 3;
    expect(shift.toCurrent(inside)).toBeUndefined();
    expect(shift.toOriginal(inside)).toBeUndefined();
  });
});
