import { describe, expect, it } from 'vitest';
import type { AdminFolder } from './api';
import { findFolder, flattenFolders, visibleFolders } from './folders';

function folder(folder_id: string, children: AdminFolder[] = [], folder_hidden = false): AdminFolder {
  return { folder_id, folder_name: folder_id.toUpperCase(), folder_hidden, form_folder: null, children, forms: [] };
}

const TREE = [folder('a', [folder('b', [folder('c')]), folder('h', [folder('hc')], true)]), folder('d')];

describe('flattenFolders', () => {
  it("puts parents before children with '---' per nesting level", () => {
    expect(flattenFolders(TREE).map((row) => [row.label, row.depth])).toEqual([
      ['A', 0],
      ['--- B', 1],
      ['------ C', 2],
      ['--- H', 1],
      ['------ HC', 2],
      ['D', 0],
    ]);
  });

  it('is empty for an empty tree', () => {
    expect(flattenFolders([])).toEqual([]);
  });
});

describe('visibleFolders', () => {
  it('drops hidden folders and everything in them without the permission', () => {
    expect(flattenFolders(visibleFolders(TREE, false)).map((row) => row.folder.folder_id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps them with the permission', () => {
    expect(flattenFolders(visibleFolders(TREE, true))).toHaveLength(6);
  });
});

describe('findFolder', () => {
  it('finds nested folders', () => {
    expect(findFolder(TREE, 'c')?.folder_name).toBe('C');
    expect(findFolder(TREE, 'x')).toBeUndefined();
  });
});
