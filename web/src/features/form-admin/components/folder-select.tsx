import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { AdminFolder } from '../api';
import { flattenFolders } from '../folders';

interface FolderSelectProps {
  folders: readonly AdminFolder[];
  label: string;
  value: string;
  onChange(folderId: string): void;
  /** The entry for "no folder" (a parent select); left out when a folder must be chosen. */
  emptyLabel?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Folders that may not be chosen (a folder cannot be its own parent). */
  exclude?: string;
}

/** A folder select with the nesting shown as '---' per level (spec 001 screen 3). */
export function FolderSelect({ folders, label, value, onChange, emptyLabel, error, required, disabled, exclude }: FolderSelectProps) {
  const rows = useMemo(() => flattenFolders(folders).filter((row) => row.folder.folder_id !== exclude), [folders, exclude]);
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      required={required}
      disabled={disabled}
      fullWidth
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {rows.map((row) => (
        <MenuItem key={row.folder.folder_id} value={row.folder.folder_id}>
          {row.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
