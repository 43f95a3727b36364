import { describe, expect, it } from 'vitest';
import { serverPagesFor } from './api';

describe('serverPagesFor', () => {
  it('asks the first page while the total is unknown', () => {
    expect(serverPagesFor(0, -1, 0)).toEqual([0]);
  });

  it('asks every page for "all"', () => {
    expect(serverPagesFor(0, -1, 120)).toEqual([0, 1, 2]);
  });

  it('asks only the pages that hold the rows of a table page', () => {
    expect(serverPagesFor(0, 10, 120)).toEqual([0]);
    expect(serverPagesFor(4, 10, 120)).toEqual([0]);
    expect(serverPagesFor(2, 25, 120)).toEqual([1]);
    expect(serverPagesFor(1, 100, 120)).toEqual([2]);
    expect(serverPagesFor(0, 100, 120)).toEqual([0, 1]);
    expect(serverPagesFor(1, 25, 30)).toEqual([0]);
  });
});
