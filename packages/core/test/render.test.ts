import { applyEdits } from '@app-assignment/core';
import { describe, expect, it } from 'vitest';

describe('applyEdits', () => {
  it('applies edits given in any order against the original offsets', () => {
    const edits = [
      { range: [0, 1], text: 'A' },
      { range: [4, 5], text: 'E' },
      { range: [2, 3], text: 'CC' },
    ] as const;
    expect(applyEdits('abcde', edits)).toBe('AbCCdE');
  });

  it('keeps insertions at one offset in the order given', () => {
    expect(applyEdits('xy', [{ range: [1, 1], text: '1' }, { range: [1, 1], text: '2' }, { range: [1, 1], text: '3' }])).toBe('x123y');
  });

  it('puts an insertion in front of a replacement that starts at the same offset, whichever comes first', () => {
    expect(applyEdits('ab', [{ range: [1, 1], text: '+' }, { range: [1, 2], text: 'B' }])).toBe('a+B');
    expect(applyEdits('ab', [{ range: [1, 2], text: 'B' }, { range: [1, 1], text: '+' }])).toBe('a+B');
  });
});
