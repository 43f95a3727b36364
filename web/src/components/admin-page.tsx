import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { pageColumn } from './page-column';

interface AdminPageProps {
  title: string;
  /** Buttons beside the title, e.g. the way to add an item to a list. */
  actions?: ReactNode;
  /** Lists get more room than create forms. */
  maxWidth: number;
  children: ReactNode;
}

/** The frame of an admin page (form admin, spec 001 screens 2 to 5; clients, spec 002 screens 1 to 3): the title, its actions, the content. */
export function AdminPage({ title, actions, maxWidth, children }: AdminPageProps) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 3, maxWidth }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
