import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ApiError } from '@/lib/api';
import { formatCents, formatTimestamp } from '@/lib/format';
import { confirmPurchase, purchaseProviderLabel, purchaseStatusLabel, type Purchase } from '@/lib/purchases';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';

const t = nl.purchases;

const STATUS_COLOUR: Record<string, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  paid: 'success',
  failed: 'error',
};

interface PurchaseTableProps {
  purchases: Purchase[];
  /** The accessible name of the table. */
  label: string;
  /** A column with the client's name (the admins' list of every client's orders). */
  showClient?: boolean;
  /** Admins: pending orders get 'Bevestigen', asked once more in a dialog. */
  canConfirm: boolean;
  /** After a confirmation (or a refused one): read the page's data again. */
  onChanged(): void | Promise<void>;
  /** The client's name for the dialog when the orders have none of their own. */
  clientName?: string;
}

/**
 * Orders with what they cost (excl. and incl. VAT), how they are paid and their status in
 * Dutch; for admins a pending order is confirmed after a question (decision 022).
 */
export function PurchaseTable({ purchases, label, showClient = false, canConfirm, onChanged, clientName = '' }: PurchaseTableProps) {
  const [asking, setAsking] = useState<Purchase | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmable = (purchase: Purchase) => canConfirm && purchase.status === 'pending';
  const actions = canConfirm && purchases.some(confirmable);

  const onConfirm = async (purchase: Purchase) => {
    setAsking(null);
    setBusy(true);
    try {
      const answer = await confirmPurchase(purchase.id);
      showToast(answer.message, { severity: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 403)) {
        showToast(error instanceof ApiError && error.serverMessage ? error.serverMessage : t.confirmFailed, { severity: 'error' });
      }
    } finally {
      setBusy(false);
    }
    await onChanged();
  };

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t.created}</TableCell>
              {showClient && <TableCell>{t.client}</TableCell>}
              <TableCell>{t.name}</TableCell>
              <TableCell align="right">{t.credits}</TableCell>
              <TableCell align="right">{t.price}</TableCell>
              <TableCell align="right">{t.amount}</TableCell>
              <TableCell>{t.payment}</TableCell>
              <TableCell>{t.statusColumn}</TableCell>
              {actions && <TableCell align="right">{t.actions}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {purchases.map((purchase) => (
              <TableRow key={purchase.id} data-testid="purchase-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(purchase.created)}</TableCell>
                {showClient && <TableCell>{purchase.client_name ?? ''}</TableCell>}
                <TableCell>
                  {purchase.name}
                  {purchase.kind === 'module' ? ` (${nl.purchases.kind.module})` : ''}
                </TableCell>
                <TableCell align="right">{purchase.kind === 'credits' ? purchase.credits : ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCents(purchase.price)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCents(purchase.amount)}
                </TableCell>
                <TableCell>{purchaseProviderLabel(purchase.provider)}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={STATUS_COLOUR[purchase.status] ?? 'default'} label={purchaseStatusLabel(purchase.status)} />
                </TableCell>
                {actions && (
                  <TableCell align="right">
                    {confirmable(purchase) && (
                      <Button
                        size="small"
                        variant="contained"
                        disabled={busy}
                        aria-label={t.confirmOrder(purchase.name)}
                        onClick={() => setAsking(purchase)}
                      >
                        {t.confirm}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={asking !== null}
        title={t.confirmTitle}
        text={asking ? t.confirmText(asking.name, asking.client_name ?? clientName) : ''}
        confirmLabel={t.confirm}
        destructive={false}
        onConfirm={() => asking && void onConfirm(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
