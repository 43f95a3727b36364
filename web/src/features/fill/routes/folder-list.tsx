import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { InstallPromptCard } from '@/components/install-prompt-card';
import { paths } from '@/config/paths';
import type { FolderNode } from '@/lib/api/types';
import { restoreSession } from '@/lib/auth/session';
import { nl } from '@/messages/nl';
import { loadFolders } from '../api';
import { FolderTree, toTreeItems } from '../components/folder-tree';

/** The folders and forms the user may fill in, in the current client. */
export async function folderListLoader(): Promise<FolderNode[]> {
  const state = restoreSession();
  const clientId = state.status === 'authenticated' ? state.session.currentClientId : null;
  return clientId ? loadFolders(clientId) : [];
}

/** Spec 000 screen 6. */
export function FolderListRoute() {
  const folders = useLoaderData<FolderNode[]>();
  const navigate = useNavigate();
  const items = useMemo(() => toTreeItems(folders), [folders]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3, maxWidth: 950 }}>
      <Typography variant="h4" component="h1">
        {nl.folders.title}
      </Typography>
      {items.length === 0 ? (
        <Typography>{nl.folders.empty}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ py: 1 }}>
          <FolderTree
            items={items}
            label={nl.folders.treeLabel}
            onOpenForm={(form_id) => void navigate(paths.form_fill.build({ form_id, force_reload: '0' }))}
          />
        </Paper>
      )}
      <InstallPromptCard />
    </Box>
  );
}
