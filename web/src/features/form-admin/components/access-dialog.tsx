import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { nl } from '@/messages/nl-admin';
import type { AdminForm } from '../api';
import { reportFailure } from '../session';

const t = nl.formAdmin.access;

/** A user or group as the access dialogs list it. */
export interface AccessCandidate {
  id: string;
  name: string;
  /** Shown under the name (a user's e-mail address). */
  detail?: string;
  assigned: boolean;
}

/** Candidates whose name or detail contains the search, case-insensitively. */
export function matchesSearch(candidate: AccessCandidate, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return candidate.name.toLowerCase().includes(needle) || (candidate.detail ?? '').toLowerCase().includes(needle);
}

interface AccessDialogProps {
  title: string;
  open: boolean;
  onClose(): void;
  load(): Promise<AccessCandidate[]>;
  /** Adds or removes one; answers the updated form. */
  setAssigned(id: string, assigned: boolean): Promise<AdminForm>;
  onChanged(form: AdminForm): void;
}

/** Spec 001 screen 6: users or groups of a form, a manage tab and an add tab, each with a search. */
export function AccessDialog({ title, open, onClose, load, setAssigned, onChanged }: AccessDialogProps) {
  const titleId = useId();
  const searchId = useId();
  const [tab, setTab] = useState<'manage' | 'add'>('manage');
  const [search, setSearch] = useState('');
  const [candidates, setCandidates] = useState<AccessCandidate[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setCandidates(null);
    setSearch('');
    setTab('manage');
    load().then(
      (list) => current && setCandidates(list),
      (error: unknown) => {
        console.warn('access list could not be loaded', error);
        if (current) setCandidates([]);
      },
    );
    return () => {
      current = false;
    };
  }, [open, load]);

  const shown = useMemo(
    () => (candidates ?? []).filter((candidate) => candidate.assigned === (tab === 'manage') && matchesSearch(candidate, search)),
    [candidates, tab, search],
  );

  const change = async (candidate: AccessCandidate, assigned: boolean) => {
    setBusy(candidate.id);
    try {
      const form = await setAssigned(candidate.id, assigned);
      setCandidates((list) => (list ?? []).map((entry) => (entry.id === candidate.id ? { ...entry, assigned } : entry)));
      onChanged(form);
    } catch (error) {
      reportFailure(error, t.failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <SizedDialog width={800} open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Tabs value={tab} onChange={(_, next: 'manage' | 'add') => setTab(next)} sx={{ px: 3 }}>
        <Tab value="manage" label={t.manageTab} />
        <Tab value="add" label={t.addTab} />
      </Tabs>
      <DialogContent dividers>
        <TextField
          id={searchId}
          label={t.search}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
          size="small"
          sx={{ mb: 2 }}
        />
        {candidates === null ? (
          <Typography role="status">{nl.formAdmin.loading}</Typography>
        ) : shown.length === 0 ? (
          <Typography>{tab === 'manage' && !search ? t.noneAssigned : t.noneFound}</Typography>
        ) : (
          <List dense>
            {shown.map((candidate) => (
              <ListItem
                key={candidate.id}
                secondaryAction={
                  <Button
                    size="small"
                    color={tab === 'manage' ? 'error' : 'primary'}
                    disabled={busy !== null}
                    aria-label={tab === 'manage' ? t.removeLabel(candidate.name) : t.addLabel(candidate.name)}
                    onClick={() => void change(candidate, tab === 'add')}
                  >
                    {tab === 'manage' ? t.remove : t.add}
                  </Button>
                }
              >
                <ListItemText primary={candidate.name} secondary={candidate.detail} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{nl.formAdmin.close}</Button>
      </DialogActions>
    </SizedDialog>
  );
}
