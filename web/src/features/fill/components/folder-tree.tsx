import Box from '@mui/material/Box';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FolderNode } from '@/lib/api/types';

export type TreeItem =
  | { kind: 'folder'; id: string; label: string; children: TreeItem[] }
  | { kind: 'form'; id: string; label: string; formId: string };

/** Folders first, then the folder's forms, as the server orders them. */
export function toTreeItems(folders: readonly FolderNode[]): TreeItem[] {
  return folders.map((folder) => ({
    kind: 'folder',
    id: `folder-${folder.folder_id}`,
    label: folder.folder_name,
    children: [
      ...toTreeItems(folder.children),
      ...folder.forms.map((form): TreeItem => ({ kind: 'form', id: `form-${form.form_id}`, label: form.form_name, formId: form.form_id })),
    ],
  }));
}

/** Spec 000 screen 6: the folder named 'public' starts open (with the folders around it). */
export function initiallyExpanded(items: readonly TreeItem[], openName = 'public'): Set<string> {
  const open = new Set<string>();
  const walk = (list: readonly TreeItem[], ancestors: string[]) => {
    for (const item of list) {
      if (item.kind !== 'folder') continue;
      if (item.label === openName) [...ancestors, item.id].forEach((id) => open.add(id));
      walk(item.children, [...ancestors, item.id]);
    }
  };
  walk(items, []);
  return open;
}

interface Visible {
  item: TreeItem;
  parentId: string | null;
}

function visibleItems(items: readonly TreeItem[], expanded: ReadonlySet<string>, parentId: string | null = null): Visible[] {
  return items.flatMap((item) => [
    { item, parentId },
    ...(item.kind === 'folder' && expanded.has(item.id) ? visibleItems(item.children, expanded, item.id) : []),
  ]);
}

/**
 * An accessible tree (WAI-ARIA tree view pattern): one tab stop, arrow keys move and open or close
 * folders, Enter or Space opens a form or toggles a folder, Home and End jump to the ends.
 */
export function FolderTree({ items, label, onOpenForm }: { items: TreeItem[]; label: string; onOpenForm(formId: string): void }) {
  const [expanded, setExpanded] = useState(() => initiallyExpanded(items));
  const visible = useMemo(() => visibleItems(items, expanded), [items, expanded]);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLDivElement>());
  // The tab stop: the focused item while it is visible, else the first item.
  const tabStop = visible.some((entry) => entry.item.id === focusedId) ? focusedId : (visible[0]?.item.id ?? null);

  const focus = (id: string | null | undefined) => {
    if (!id) return;
    setFocusedId(id);
    refs.current.get(id)?.focus();
  };
  const toggle = (id: string, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const activate = (item: TreeItem) => {
    if (item.kind === 'form') onOpenForm(item.formId);
    else toggle(item.id, !expanded.has(item.id));
  };

  const onKeyDown = (event: KeyboardEvent, entry: Visible) => {
    const position = visible.findIndex((candidate) => candidate.item.id === entry.item.id);
    const { item } = entry;
    const isOpen = item.kind === 'folder' && expanded.has(item.id);
    switch (event.key) {
      case 'ArrowDown':
        focus(visible[position + 1]?.item.id);
        break;
      case 'ArrowUp':
        focus(visible[position - 1]?.item.id);
        break;
      case 'ArrowRight':
        if (item.kind === 'folder' && !isOpen) toggle(item.id, true);
        else if (isOpen) focus(item.children[0]?.id);
        break;
      case 'ArrowLeft':
        if (isOpen) toggle(item.id, false);
        else focus(entry.parentId);
        break;
      case 'Home':
        focus(visible[0]?.item.id);
        break;
      case 'End':
        focus(visible[visible.length - 1]?.item.id);
        break;
      case 'Enter':
      case ' ':
        activate(item);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const renderItems = (list: readonly TreeItem[], level: number, parentId: string | null) =>
    list.map((item) => {
      const isFolder = item.kind === 'folder';
      const isOpen = isFolder && expanded.has(item.id);
      const onClick = () => {
        setFocusedId(item.id);
        activate(item);
      };
      const groupId = `${item.id}-group`;
      // The treeitem is the row alone and owns its group (the pattern of WAI-ARIA's navigation
      // tree): as the list item around both, its text would be every child's name as well, which
      // is not the name a screen reader reads for it (WCAG 2.5.3).
      return (
        <li key={item.id} role="none">
          <Box
            ref={(node: HTMLDivElement | null) => {
              if (node) refs.current.set(item.id, node);
              else refs.current.delete(item.id);
            }}
            role="treeitem"
            aria-level={level}
            aria-expanded={isFolder ? isOpen : undefined}
            aria-owns={isFolder && isOpen ? groupId : undefined}
            aria-labelledby={`${item.id}-label`}
            tabIndex={item.id === tabStop ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, { item, parentId })}
            onFocus={() => setFocusedId(item.id)}
            onClick={onClick}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 1,
              pr: 2,
              pl: 1 + (level - 1) * 3,
              cursor: 'pointer',
              borderRadius: 1,
              outline: 'none',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            {isFolder ? (isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />) : <Box sx={{ width: 20 }} />}
            {isFolder ? (
              isOpen ? <FolderOpenIcon color="primary" /> : <FolderIcon color="primary" />
            ) : (
              <DescriptionOutlinedIcon color="action" />
            )}
            <span id={`${item.id}-label`}>{item.label}</span>
          </Box>
          {isFolder && isOpen && (
            <ul id={groupId} role="group" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {renderItems(item.children, level + 1, item.id)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <ul role="tree" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {renderItems(items, 1, null)}
    </ul>
  );
}
