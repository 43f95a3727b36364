import AddIcon from '@mui/icons-material/Add';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { DutchPagination } from '@/components/dutch-pagination';
import { pageColumn } from '@/components/page-column';
import { PurchaseTable } from '@/components/purchase-table';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { formatDay, formatTimestamp } from '@/lib/format';
import { serverToday } from '@/lib/server-day';
import type { Purchase } from '@/lib/purchases';
import { nl } from '@/messages/nl-admin';
import { loadClientPurchases, loadCredits, type CreditResource } from '../api';
import { useClientShell } from '../client-context';
import { can, CLIENT_PERMISSION, mayConfirmPurchases } from '../policy';

const t = nl.clients.creditsTab;

/** Spec 002 section 9: 10, 25, 50, 100 and all (-1), with all as the default. */
export const CREDIT_PAGE_SIZES = [10, 25, 50, 100, -1] as const;
const DEFAULT_PAGE_SIZE = -1;

/** While a payment at the provider is not settled yet, the order is read again this often, this many times. */
export const PENDING_POLL_MS = 3000;
const PENDING_POLLS = 20;

interface ClientCreditsData {
  credits: CreditResource[];
  purchases: Purchase[];
}

/** The ledger and the orders; the shell has checked 'view credit entities'. */
export async function clientCreditsLoader({ params, request }: LoaderFunctionArgs): Promise<ClientCreditsData> {
  const client_id = params.client_id ?? '';
  const [credits, purchases] = await Promise.all([loadCredits(client_id, request.signal), loadClientPurchases(client_id, request.signal)]);
  return { credits, purchases };
}

/** What the buyer is told about the order the checkout address led back to. */
export function orderNotice(purchase: Purchase | undefined): { severity: 'success' | 'info' | 'warning' | 'error'; text: string } {
  if (!purchase) return { severity: 'warning', text: t.orderUnknown };
  switch (purchase.status) {
    case 'pending':
      return { severity: 'info', text: purchase.provider === 'invoice' ? t.orderReceived : t.orderProcessing };
    case 'paid':
      return { severity: 'success', text: purchase.kind === 'module' ? t.moduleBought : t.creditsBought };
    case 'failed':
      return { severity: 'error', text: t.orderFailed };
    case 'cancelled':
      return { severity: 'warning', text: t.orderCancelled };
    case 'expired':
      return { severity: 'warning', text: t.orderExpired };
    default:
      return { severity: 'info', text: purchase.status };
  }
}

/**
 * Spec 002 screen 8: the client's credits (all rows by default) with 'Credits kopen' ('add
 * client credits') and the manual addition ('admin add client credits'); below them the
 * client's orders, whose pending ones an admin confirms. Back from a checkout
 * (`?purchase=<id>`), the order's state is shown first.
 */
export function ClientCreditsRoute() {
  const { credits, purchases } = useLoaderData<ClientCreditsData>();
  const { client, rights } = useClientShell();
  const session = useSession();
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const purchaseId = search.get('purchase');
  const returned = purchaseId === null ? undefined : purchases.find((purchase) => purchase.id === purchaseId);
  const confirm = mayConfirmPurchases(session.status === 'authenticated' ? session.session.user.roles : []);

  // A payment at the provider (Mollie) is settled by its webhook, moments after the buyer is back.
  const waiting = returned?.status === 'pending' && returned.provider !== 'invoice';
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!waiting || polls >= PENDING_POLLS) return;
    const timer = setTimeout(() => {
      setPolls((count) => count + 1);
      void revalidator.revalidate();
    }, PENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, revalidator]);

  const notice = purchaseId === null ? null : orderNotice(returned);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 3 }}>
      {notice && (
        <Alert severity={notice.severity} data-testid="order-notice">
          <AlertTitle>{t.orderTitle}</AlertTitle>
          {returned ? `${returned.name}: ` : ''}
          {notice.text}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {can(rights, CLIENT_PERMISSION.adminAddCredits) && (
            <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={paths.client_credits_admin_add.build({ client_id: client.id })}>
              {t.adminAdd}
            </Button>
          )}
          {can(rights, CLIENT_PERMISSION.addCredits) && (
            <Button variant="contained" startIcon={<ShoppingCartIcon />} component={RouterLink} to={paths.client_credits_buy.build({ client_id: client.id })}>
              {t.buy}
            </Button>
          )}
        </Box>
      </Box>
      <CreditLedger credits={credits} />
      <Box component="section" aria-labelledby="client-orders-title" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="client-orders-title" variant="h6" component="h2">
          {t.orders}
        </Typography>
        {purchases.length === 0 ? (
          <Typography color="text.secondary">{t.ordersEmpty}</Typography>
        ) : (
          <Paper variant="outlined">
            <PurchaseTable
              purchases={purchases}
              label={t.ordersLabel}
              canConfirm={confirm}
              clientName={client.name}
              onChanged={() => revalidator.revalidate()}
            />
          </Paper>
        )}
      </Box>
    </Box>
  );
}

/** The ledger, paged here (the server answers it whole). */
function CreditLedger({ credits }: { credits: CreditResource[] }) {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const day = serverToday();
  if (credits.length === 0) return <Typography color="text.secondary">{t.empty}</Typography>;

  const lastPage = pageSize < 0 ? 0 : Math.max(0, Math.ceil(credits.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = pageSize < 0 ? credits : credits.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t.tableLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{t.name}</TableCell>
              <TableCell>{t.created}</TableCell>
              <TableCell align="right">{t.total}</TableCell>
              <TableCell align="right">{t.left}</TableCell>
              <TableCell>{t.expiry}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((credit) => {
              const expiry = credit.attributes.credit_expire_date ?? null;
              return (
                <TableRow key={credit.id} data-testid="credit-row">
                  <TableCell>{credit.attributes.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(credit.attributes.created)}</TableCell>
                  <TableCell align="right">{credit.attributes.credits_total}</TableCell>
                  <TableCell align="right">{credit.attributes.credits_left}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {expiry === null ? t.noExpiry : `${formatDay(expiry)}${expiry < day ? ` (${t.expired})` : ''}`}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <DutchPagination
        component="div"
        count={credits.length}
        page={shownPage}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...CREDIT_PAGE_SIZES]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
