import { loadFolderTree, type AdminFolder } from './api';
import { can, PERMISSION } from './rights';
import { requireRights } from './session';

/**
 * The client's folder tree for the screens that manage folders: managing and adding folders
 * both need 'eform manage forms' (spec 000 section 6 'Mappen beheren', spec 001 section 6).
 */
export async function manageableFolderTree(): Promise<AdminFolder[]> {
  const { clientId } = requireRights((rights) => can(rights, PERMISSION.manageForms));
  return clientId ? loadFolderTree(clientId) : [];
}
