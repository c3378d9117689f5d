import { describe, expect, it } from 'vitest';
import { addItem, flattenLoad, isLoadEmpty, removeItem, shelfCount, toWire } from '../../../core/missions/load';

describe('the load-location model', () => {
  it('has 1, 2 or 3 shelves for the layouts free, double and triple', () => {
    expect([0, 1, 2, null, undefined, 7].map(shelfCount)).toEqual([1, 2, 3, 1, 1, 1]);
  });

  it('adds trimmed items within the shelf count, removes them, and flattens to shelfIndex, itemIndex, value and side', () => {
    const left: string[][] = [];
    expect(addItem(left, 1, ' box ', 2)).toBe(true);
    expect(addItem(left, 1, 'cable', 2)).toBe(true);
    expect(addItem(left, 2, 'beyond', 2)).toBe(false);
    expect(addItem(left, 0, '   ', 2)).toBe(false);
    const right = [['charger']];
    expect(flattenLoad({ left, right })).toEqual([
      { shelfIndex: 1, itemIndex: 0, value: 'box', side: 'left' },
      { shelfIndex: 1, itemIndex: 1, value: 'cable', side: 'left' },
      { shelfIndex: 0, itemIndex: 0, value: 'charger', side: 'right' },
    ]);
    expect(removeItem(left, 1, 0)).toBe(true);
    expect(removeItem(left, 1, 5)).toBe(false);
    expect(left).toEqual([[], ['cable']]);
    expect(toWire(left, 3)).toEqual([[], ['cable'], []]);
    expect(isLoadEmpty({ left: [[], []], right: [] })).toBe(true);
    expect(isLoadEmpty({ left, right: [] })).toBe(false);
  });
});
