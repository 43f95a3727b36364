import type { AdminFolder } from './api';

/** One folder of a tree as a flat row: for selects ('---' per level) and indented tables. */
export interface FolderRow {
  folder: AdminFolder;
  depth: number;
  /** The select label: '---' per nesting level before the name (spec 001 screen 3). */
  label: string;
}

/** Depth-first, parents before their children, in the server's order. */
export function flattenFolders(tree: readonly AdminFolder[], depth = 0): FolderRow[] {
  return tree.flatMap((folder) => [
    { folder, depth, label: depth === 0 ? folder.folder_name : `${'---'.repeat(depth)} ${folder.folder_name}` },
    ...flattenFolders(folder.children ?? [], depth + 1),
  ]);
}

/**
 * Hidden folders (with everything in them) only for 'eform view hidden folders'. The server
 * already leaves them out; pruning here too keeps a stale or generous answer from showing them.
 */
export function visibleFolders(tree: readonly AdminFolder[], canSeeHidden: boolean): AdminFolder[] {
  if (canSeeHidden) return [...tree];
  return tree
    .filter((folder) => !folder.folder_hidden)
    .map((folder) => ({ ...folder, children: visibleFolders(folder.children ?? [], false) }));
}

/** The folder with this id anywhere in the tree. */
export function findFolder(tree: readonly AdminFolder[], folderId: string): AdminFolder | undefined {
  return flattenFolders(tree).find((row) => row.folder.folder_id === folderId)?.folder;
}
