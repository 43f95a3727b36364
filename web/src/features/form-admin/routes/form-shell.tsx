import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useParams } from 'react-router';
import { pageColumn } from '@/components/page-column';
import { PageLoading } from '@/components/page-loading';
import { referencedWordFiles } from '@/lib/word-templates';
import { nl } from '@/messages/nl-admin';
import { loadAdminForm, loadFormMetadata, type AdminForm } from '../api';
import type { AdminFormContext } from '../form-context';
import { canAdministerForms, formTabs } from '../rights';
import { requireRights, useAdminSession } from '../session';

/** Spec 001 section 7: the Word processing state is polled every 10 s while files are processed. */
export const METADATA_POLL_MS = 10_000;

/** The shell is for form managers (spec 001 screen 5's permissions); others get the 403 reaction. */
export function formShellLoader(): null {
  requireRights(canAdministerForms);
  return null;
}

type Loaded = { status: 'loading' } | { status: 'loaded'; form: AdminForm } | { status: 'failed'; error: unknown };

/**
 * Spec 001 screen 1: top bar with the form name ('Laden..' while loading) and the tabs the user
 * may open, and the warning banner while a Word template of its e-mails is processed; the child
 * route below gets the form through the outlet context (`useAdminForm`).
 */
export function FormShellRoute() {
  const { form_id = '' } = useParams();
  const { pathname } = useLocation();
  const { rights } = useAdminSession();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const refresh = useCallback(async () => {
    const form = await loadAdminForm(form_id);
    setLoaded({ status: 'loaded', form });
    return form;
  }, [form_id]);

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    loadAdminForm(form_id).then(
      (form) => current && setLoaded({ status: 'loaded', form }),
      (error: unknown) => current && setLoaded({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [form_id]);

  // Child routes (element editor, rules) save the form themselves: coming back from one shows
  // its changes. A quiet refresh: the page keeps showing the form meanwhile.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    refresh().catch((error: unknown) => console.warn('form could not be refreshed', error));
  }, [pathname, refresh]);

  const templates = loaded.status === 'loaded' ? referencedWordFiles(loaded.form.email_settings).join(',') : '';
  const wordProcessing = useWordProcessing(form_id, templates);
  const tabs = useMemo(() => formTabs(rights, form_id), [rights, form_id]);
  // The deepest tab whose path the location starts with; Bekijk only on its exact path.
  const active = tabs.find((tab) => tab.key !== 'view' && (pathname === tab.to || pathname.startsWith(`${tab.to}/`)))?.to ?? tabs[0]?.to;

  const context = useMemo<AdminFormContext | null>(
    () =>
      loaded.status === 'loaded'
        ? { form: loaded.form, refresh, replace: (form) => setLoaded({ status: 'loaded', form }) }
        : null,
    [loaded, refresh],
  );

  // A 404 or another failure goes to the route's error boundary (404 page or retry).
  if (loaded.status === 'failed') throw loaded.error;

  return (
    <Box sx={{ ...pageColumn, gap: 0 }}>
      <Paper square elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 2, sm: 3 }, pt: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {context ? context.form.form_name : nl.formAdmin.loading}
        </Typography>
        <Tabs value={active} aria-label={nl.formAdmin.tabs.label} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab) => (
            <Tab key={tab.key} label={tab.label} value={tab.to} component={RouterLink} to={tab.to} />
          ))}
        </Tabs>
      </Paper>
      {wordProcessing && (
        <Alert severity="warning" sx={{ mx: { xs: 2, sm: 3 }, mt: 2 }}>
          {nl.formAdmin.detail.wordProcessing}
        </Alert>
      )}
      {context ? <Outlet context={context} /> : <PageLoading />}
    </Box>
  );
}

/**
 * True while the server still processes a Word template the form's e-mail settings use (spec
 * 001 screen 1 and section 4). Only asked when the settings use one; asked again every 10 s
 * while any is not done, and afresh when the templates change (the E-mails tab saved).
 */
function useWordProcessing(formId: string, templates: string): boolean {
  const [processing, setProcessing] = useState(false);
  useEffect(() => {
    if (!templates) {
      setProcessing(false);
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(() => void check(), METADATA_POLL_MS);
    };
    const check = async () => {
      try {
        const metadata = await loadFormMetadata(formId);
        if (stopped) return;
        const busy = Object.values(metadata?.email_word_files_processed ?? {}).some((done) => done !== true);
        setProcessing(busy);
        if (busy) later();
      } catch (error) {
        if (stopped) return;
        // Spec 001 section 8: other load failures are only logged; the next round may answer.
        console.warn('form metadata could not be loaded', error);
        later();
      }
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [formId, templates]);
  return processing;
}
