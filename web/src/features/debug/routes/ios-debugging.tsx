import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { formatBytes } from '@/lib/format';
import { useOnline } from '@/lib/offline/connectivity';
import { useUpdateAvailable } from '@/lib/pwa/update';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { CameraDiagnostics } from '../components/camera-diagnostics';
import { FileDiagnostics } from '../components/file-diagnostics';
import { collectDiagnostics, type Diagnostics } from '../diagnostics';
import { copyText } from '../export-json';

const t = nl.debug;

function yesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return t.unknown;
  return value ? t.yes : t.no;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label/value pairs; values may be long (user agent, URLs), so they wrap anywhere. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(12rem, max-content) 1fr' }, columnGap: 2, rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 500 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-all' }} data-testid={`fact-${label}`}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function bytes(value: number | null): string {
  return value === null ? t.unknown : formatBytes(value);
}

/**
 * Spec 000 section 2, route ios_debugging (opened by tapping the avatar 10 times): what a
 * support call on an iPhone needs to know, plus camera and file checks (screen 16).
 */
export function IosDebuggingRoute() {
  const [diagnostics, setDiagnostics] = useState<Diagnostics | null>(null);
  const appOnline = useOnline();
  const updateWaiting = useUpdateAvailable();

  const refresh = useCallback(() => {
    collectDiagnostics()
      .then(setDiagnostics)
      .catch((error: unknown) => console.error('collecting diagnostics failed', error));
  }, []);

  useEffect(refresh, [refresh]);

  const requestPersist = async () => {
    await navigator.storage?.persist?.().catch(() => false);
    refresh();
  };

  const copy = async () => {
    if (!diagnostics) return;
    const copied = await copyText(JSON.stringify({ ...diagnostics, appOnline, updateWaiting }, null, 2));
    showToast(copied ? nl.clipboard.copiedToClipboard : nl.clipboard.copyFailed, { severity: copied ? 'success' : 'error' });
  };

  const d = diagnostics;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, maxWidth: 960 }}>
      <Typography variant="h4" component="h1">
        {t.iosTitle}
      </Typography>
      <Typography color="text.secondary">{t.iosIntro}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" onClick={refresh}>
          {t.refresh}
        </Button>
        <Button variant="outlined" onClick={() => void copy()} disabled={!d}>
          {t.copyDiagnostics}
        </Button>
        <Link component={RouterLink} to={paths.unsaved_registrations_debug.build()}>
          {t.toUnsaved}
        </Link>
      </Stack>
      {!d && <PageLoading />}
      {d && (
        <>
          <Section title={t.sectionDevice}>
            <Facts
              rows={[
                [t.appVersion, d.appVersion],
                [t.userAgent, d.device.userAgent],
                [t.platform, d.device.platform || t.unknown],
                [t.touchPoints, String(d.device.maxTouchPoints)],
                [t.ios, yesNo(d.device.ios)],
                [t.standalone, yesNo(d.device.navigatorStandalone ?? d.device.displayMode === 'standalone')],
                [t.displayMode, d.device.displayMode ?? t.unknown],
                [t.online, yesNo(d.device.online)],
                [t.serverReachable, yesNo(appOnline)],
              ]}
            />
          </Section>
          <Section title={t.sectionServiceWorker}>
            <Facts
              rows={[
                [t.swSupported, yesNo(d.serviceWorker.supported)],
                [t.swController, yesNo(d.serviceWorker.controlled)],
                [t.swState, d.serviceWorker.activeState ?? t.unknown],
                [t.swWaiting, yesNo(updateWaiting || d.serviceWorker.waitingState !== null)],
                [t.swScript, d.serviceWorker.scriptUrl ?? t.unknown],
                [t.swScope, d.serviceWorker.scope ?? t.unknown],
                [t.swRevision, d.serviceWorker.precacheRevision ?? t.unknown],
              ]}
            />
          </Section>
          <Section title={t.sectionStorage}>
            <Facts
              rows={[
                [t.storageUsage, bytes(d.storage.usage)],
                [t.storageQuota, bytes(d.storage.quota)],
                [t.storagePersisted, d.storage.persisted === null ? t.notSupported : yesNo(d.storage.persisted)],
              ]}
            />
            {d.storage.persisted === false && (
              <Button sx={{ mt: 1 }} onClick={() => void requestPersist()}>
                {t.requestPersist}
              </Button>
            )}
          </Section>
          <Section title={t.sectionDeviceStore}>
            {'error' in d.deviceStore ? (
              <Typography color="error">{`${t.loadFailed} ${d.deviceStore.error}`}</Typography>
            ) : (
              <Facts
                rows={[
                  [t.savedTotal, String(d.deviceStore.savedTotal)],
                  [t.savedUnsynced, String(d.deviceStore.savedUnsynced)],
                  [t.savedConflicts, String(d.deviceStore.savedConflicts)],
                  [t.savedDeleted, String(d.deviceStore.savedDeleted)],
                  [t.savedOtherUsers, String(d.deviceStore.savedOtherUsers)],
                  [t.cachedForms, String(d.deviceStore.forms)],
                  [t.cachedFolderTrees, String(d.deviceStore.folderTrees)],
                ]}
              />
            )}
          </Section>
          <Section title={t.sectionCaches}>
            {'error' in d.caches ? (
              <Typography color="error">{`${t.loadFailed} ${d.caches.error}`}</Typography>
            ) : d.caches.length === 0 ? (
              <Typography>{t.noCaches}</Typography>
            ) : (
              <Facts rows={d.caches.map((cache): [string, ReactNode] => [cache.name, t.cacheEntries(cache.entries)])} />
            )}
          </Section>
        </>
      )}
      <Section title={t.sectionCamera}>
        <Stack spacing={3}>
          {d && !('error' in d.deviceStore) && (
            <Facts
              rows={[
                [t.offlineFilesWaiting, t.filesAndBytes(d.deviceStore.offlineFiles.waiting.count, formatBytes(d.deviceStore.offlineFiles.waiting.bytes))],
                [t.offlineFilesSent, t.filesAndBytes(d.deviceStore.offlineFiles.sent.count, formatBytes(d.deviceStore.offlineFiles.sent.bytes))],
                [t.storageUsage, bytes(d.storage.usage)],
                [t.storageQuota, bytes(d.storage.quota)],
              ]}
            />
          )}
          <FileDiagnostics />
          <CameraDiagnostics />
        </Stack>
      </Section>
    </Box>
  );
}
