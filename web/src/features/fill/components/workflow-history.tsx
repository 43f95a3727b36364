import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Registration } from '@/lib/api/types';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl';

/**
 * Spec 000 section 4: a transition shows the next phase and the assigned user, with the date.
 * The moves of a workflow registration, oldest first.
 */
export function WorkflowHistory({ registration }: { registration: Pick<Registration, 'workflow_history' | 'registration_phase'> }) {
  const titleId = useId();
  const moves = registration.workflow_history ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={titleId}>
      <Typography variant="h6" component="h2" id={titleId}>
        {nl.workflow.history}
      </Typography>
      <List dense disablePadding>
        {moves.map((move, index) => (
          <ListItem key={index} disableGutters>
            <ListItemText
              primary={nl.workflow.move(move.from_phase, move.to_phase ?? null, move.assigned_username ?? null)}
              secondary={move.by_username ? nl.workflow.movedBy(move.by_username, formatTimestamp(move.at)) : formatTimestamp(move.at)}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
