import { describe, expect, it } from 'vitest';
import { moveItem, removeAt, replaceAt } from './reorder';

describe('moveItem', () => {
  it('moves up, down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('never changes its input', () => {
    const list = ['a', 'b'];
    moveItem(list, 0, 1);
    removeAt(list, 0);
    replaceAt(list, 0, 'x');
    expect(list).toEqual(['a', 'b']);
    expect(removeAt(list, 0)).toEqual(['b']);
    expect(replaceAt(list, 1, 'x')).toEqual(['a', 'x']);
  });
});
