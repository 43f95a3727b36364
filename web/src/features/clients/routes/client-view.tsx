import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { CreditUsageChart } from '@/components/credit-usage-chart';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { formatDay } from '@/lib/format';
import { nl } from '@/messages/nl-admin';
import { useClientShell } from '../client-context';
import { SnapshotDownload } from '../components/snapshot-download';
import { moduleSummary } from '@/lib/modules';
import { can, CLIENT_PERMISSION, mayUseSnapshots } from '../policy';

const t = nl.clients;

/**
 * Spec 002 screen 5 (Bekijk): name, modules ('Geen' without any) with the buy-modules button
 * ('eform edit client'), credits, when the next credits expire and the low-credit e-mail limit;
 * for admins the snapshot download (decision 021); with 'view credit entities' the credit usage
 * chart (its library loaded only then).
 */
export function ClientViewRoute() {
  const { client, rights } = useClientShell();
  const session = useSession();
  // By the global role: the client's own roles never make anyone an admin of the platform.
  const snapshots = mayUseSnapshots(session.status === 'authenticated' ? session.session.user.roles : []);
  const facts: [string, string][] = [
    [t.name, client.name],
    [t.view.modules, moduleSummary(client.modules)],
    [t.credits, String(client.credits)],
    [t.view.nextExpiry, client.credits_next_expire_date ? formatDay(client.credits_next_expire_date) : t.view.nextExpiryNone],
    [t.view.lowCreditLimit, String(client.field_low_credit_email_limit)],
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3, maxWidth: 950 }}>
      <Paper variant="outlined" component="section" aria-labelledby="client-view-title" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id="client-view-title" variant="h6" component="h2">
          {t.view.title}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
          {facts.map(([label, value]) => (
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
        {(can(rights, CLIENT_PERMISSION.edit) || snapshots) && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {can(rights, CLIENT_PERMISSION.edit) && (
              <Button variant="outlined" component={RouterLink} to={paths.client_modules_buy.build({ client_id: client.id })}>
                {t.view.buyModules}
              </Button>
            )}
            {snapshots && <SnapshotDownload client={client} />}
          </Box>
        )}
      </Paper>
      {can(rights, CLIENT_PERMISSION.viewCredits) && <CreditUsageChart client={client.id} title={t.view.chartTitle} />}
    </Box>
  );
}
