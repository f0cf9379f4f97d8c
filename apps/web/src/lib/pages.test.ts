import { describe, expect, it } from 'vitest';
import { nextPage, rowsOnce } from './pages';

describe('nextPage', () => {
  it('asks for the next page while the pages asked for hold fewer rows than match', () => {
    expect(nextPage({ page: 1, page_size: 20, matching: 21 })).toBe(2);
    expect(nextPage({ page: 2, page_size: 20, matching: 41 })).toBe(3);
  });

  it('stops once they hold every match, or when nothing matches', () => {
    expect(nextPage({ page: 1, page_size: 20, matching: 20 })).toBeUndefined();
    expect(nextPage({ page: 2, page_size: 20, matching: 23 })).toBeUndefined();
    expect(nextPage({ page: 1, page_size: 20, matching: 0 })).toBeUndefined();
  });
});

describe('rowsOnce', () => {
  it('joins the pages in order', () => {
    expect(rowsOnce([[{ id: 3 }, { id: 2 }], [{ id: 1 }]]).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('keeps a row that moved into a later page once, where it was first seen', () => {
    const rows = rowsOnce([
      [
        { id: 5, v: 'first' },
        { id: 4, v: 'a' },
      ],
      [
        { id: 4, v: 'moved' },
        { id: 3, v: 'b' },
      ],
    ]);
    expect(rows).toEqual([
      { id: 5, v: 'first' },
      { id: 4, v: 'a' },
      { id: 3, v: 'b' },
    ]);
  });
});
