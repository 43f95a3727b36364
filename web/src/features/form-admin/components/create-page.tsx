import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { AdminPage } from '@/components/admin-page';
import { SubmitForm } from './submit-form';

interface CreatePageProps {
  messages: { title: string; submit: string };
  busy: boolean;
  onSubmit(): void | Promise<void>;
  children: ReactNode;
}

/** A page that creates one thing (spec 001 screens 2 and 3): its fields on a card, then the submit button. */
export function CreatePage({ messages, busy, onSubmit, children }: CreatePageProps) {
  return (
    <AdminPage title={messages.title} maxWidth={720}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SubmitForm submitLabel={messages.submit} busy={busy} gap={3} onSubmit={onSubmit}>
          {children}
        </SubmitForm>
      </Paper>
    </AdminPage>
  );
}
