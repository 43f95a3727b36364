import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl-admin';
import type { DeliveryRow, HookStatus } from '../deliveries';

const t = nl.review.deliveries;

const CHIP_COLOUR: Record<HookStatus, 'default' | 'error' | 'success'> = {
  pending: 'default',
  error: 'error',
  success: 'success',
};

function name(row: DeliveryRow): string {
  if (row.hook_name.trim()) return row.hook_name;
  return row.channel === 'email' ? t.unnamedEmail(row.hook_index + 1) : t.unnamedIntegration(row.hook_index + 1);
}

/** When it went, or when it is tried again; nothing when neither is known. */
function moment(row: DeliveryRow): string {
  if (row.hook_status === 'success' && row.delivered_at) return t.deliveredAt(formatTimestamp(row.delivered_at));
  if (row.next_attempt_at) return t.nextAttempt(formatTimestamp(row.next_attempt_at));
  if (row.hook_status === 'pending') return t.soon;
  return t.noMoreAttempts;
}

interface DeliveriesSectionProps {
  rows: readonly DeliveryRow[];
  /** Some are still queued: the page asks again by itself. */
  polling: boolean;
}

/**
 * 'Verzonden e-mails en koppelingen' on the registration detail: per e-mail setting and per
 * integration the state of its latest delivery (decision 017), with attempts, the last answer
 * of the receiving side and the next attempt or delivery time.
 */
export function DeliveriesSection({ rows, polling }: DeliveriesSectionProps) {
  const titleId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={titleId}>
      <Typography variant="h6" component="h3" id={titleId} sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t.empty}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">{t.name}</TableCell>
                <TableCell component="th" scope="col">{t.type}</TableCell>
                <TableCell component="th" scope="col">{t.status}</TableCell>
                <TableCell component="th" scope="col" align="right">{t.attempts}</TableCell>
                <TableCell component="th" scope="col">{t.lastAnswer}</TableCell>
                <TableCell component="th" scope="col">{t.when}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key} data-testid="delivery-row">
                  <TableCell component="th" scope="row">{name(row)}</TableCell>
                  <TableCell>{t.types[row.hook_type] ?? row.hook_type}</TableCell>
                  <TableCell>
                    <Chip size="small" color={CHIP_COLOUR[row.hook_status]} variant={row.hook_status === 'pending' ? 'outlined' : 'filled'} label={t.statuses[row.hook_status]} />
                  </TableCell>
                  <TableCell align="right">{row.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{row.last_answer ?? t.noAnswer}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{moment(row)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {/* Polite: the statuses change while the user reads, without taking the focus. */}
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: rows.length > 0 ? 1 : 0 }}>
        {polling ? t.polling : ''}
      </Typography>
    </Paper>
  );
}
