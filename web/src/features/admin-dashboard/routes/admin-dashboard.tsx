import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useId, type ReactNode } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { AdminPage } from '@/components/admin-page';
import { CreditUsageChart } from '@/components/credit-usage-chart';
import { PurchaseTable } from '@/components/purchase-table';
import { formatBytes, formatDay } from '@/lib/format';
import { serverToday } from '@/lib/server-day';
import type { Purchase } from '@/lib/purchases';
import { nl } from '@/messages/nl-admin';
import { loadBundleOffers, loadModuleOfferEdits, loadOpenPurchases, loadReports, type BundleOffer, type ModuleOfferEdit, type ReportResource } from '../api';
import { BundleEditors, ModuleEditors } from '../components/offer-editors';
import { formatPercent, latestStorage, usagePerClient, type ClientUsage, type Storage } from '../report';

const t = nl.adminDashboard;

interface AdminDashboardData {
  reports: ReportResource[];
  purchases: Purchase[];
  bundles: BundleOffer[];
  modules: ModuleOfferEdit[];
}

/** The last 30 reports, the open orders and the offers; the guard has checked the admin role. */
export async function adminDashboardLoader({ request }: LoaderFunctionArgs): Promise<AdminDashboardData> {
  const { signal } = request;
  const [reports, purchases, bundles, modules] = await Promise.all([
    loadReports(signal),
    loadOpenPurchases(signal),
    loadBundleOffers(signal),
    loadModuleOfferEdits(signal),
  ]);
  return { reports, purchases, bundles, modules };
}

/**
 * Spec 002 screen 21, for admins: credits used per client over the last 30 days and the storage
 * of the newest daily report (or a word that none exists yet), the credit usage chart of all
 * clients with its year and month selects, the orders on invoice waiting for a confirmation, and
 * the bundles and modules on offer (decision 022).
 */
export function AdminDashboardRoute() {
  const { reports, purchases, bundles, modules } = useLoaderData<AdminDashboardData>();
  const revalidator = useRevalidator();
  const reload = async () => {
    await revalidator.revalidate();
  };
  const usage = usagePerClient(reports, serverToday());
  const storage = latestStorage(reports);

  return (
    <AdminPage title={t.title} maxWidth={1200}>
      {reports.length === 0 ? (
        <Alert severity="info">{t.noReports}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          <UsageSection usage={usage} />
          {storage && <StorageSection storage={storage} />}
        </Box>
      )}
      <CreditUsageChart client="all" title={t.chartTitle} stacked />
      <Section title={t.ordersTitle}>
        {purchases.length === 0 ? (
          <Typography color="text.secondary">{t.ordersEmpty}</Typography>
        ) : (
          <PurchaseTable purchases={purchases} label={t.ordersTitle} showClient canConfirm onChanged={reload} />
        )}
      </Section>
      <Section title={t.offersTitle}>
        <Typography variant="subtitle1" component="h3">
          {t.bundlesTitle}
        </Typography>
        <BundleEditors bundles={bundles} onSaved={reload} />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {t.modulesTitle}
        </Typography>
        <ModuleEditors modules={modules} onSaved={reload} />
      </Section>
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function UsageSection({ usage }: { usage: ClientUsage[] }) {
  return (
    <Section title={t.usageTitle}>
      {usage.length === 0 ? (
        <Typography color="text.secondary">{t.usageEmpty}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t.usageLabel}>
            <TableHead>
              <TableRow>
                <TableCell>{t.client}</TableCell>
                <TableCell align="right">{t.creditsUsed}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {usage.map((client) => (
                <TableRow key={client.clientId} data-testid="usage-row">
                  <TableCell>{client.name}</TableCell>
                  <TableCell align="right">{client.credits}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function StorageSection({ storage }: { storage: Storage }) {
  const disk: [string, string][] = [
    [t.diskFree, formatBytes(storage.diskFree)],
    [t.diskTotal, formatBytes(storage.diskTotal)],
    [t.diskAvailable, formatPercent(storage.diskAvailable)],
  ];
  return (
    <Section title={t.storageTitle}>
      <Typography color="text.secondary">{t.reportOf(formatDay(storage.reportDate))}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}>
        {disk.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <TableContainer>
        <Table size="small" aria-label={t.storageLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{t.client}</TableCell>
              <TableCell align="right">{t.registrations}</TableCell>
              <TableCell align="right">{t.diskBytes}</TableCell>
              <TableCell align="right">{t.creditsLeft}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {storage.clients.map((client) => (
              <TableRow key={client.clientId} data-testid="storage-row">
                <TableCell>{client.name}</TableCell>
                <TableCell align="right">{client.registrations}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(client.diskBytes)}
                </TableCell>
                <TableCell align="right">{client.creditsLeft}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
