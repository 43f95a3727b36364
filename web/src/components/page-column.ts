/**
 * A page's content as one column of the screen's width. A grid's column is otherwise as wide as
 * its widest content (a table, a row of tabs), and on a phone the whole page, app bar and all,
 * then scrolls sideways instead of the table or the tabs alone.
 */
export const pageColumn = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' } as const;
