import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DutchPagination } from '@/components/dutch-pagination';
import { pageColumn } from '@/components/page-column';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { useAdminForm } from '@/features/form-admin/form-context';
import { can } from '@/features/form-admin/rights';
import { useAdminSession } from '@/features/form-admin/session';
import { ApiError } from '@/lib/api';
import { nl } from '@/messages/nl-admin';
import { loadRegistrations, type ExportKind, type RegistrationsPage } from '../api';
import { DownloadDialog } from '../components/download-dialog';
import { FilterBar } from '../components/filter-bar';
import { PeriodicMailPanel } from '../components/periodic-mail-panel';
import { RegistrationsTable } from '../components/registrations-table';
import { columnsOf, defaultSort, PAGE_SIZES, reviewQuery, type ReviewState, type Tab as TabKey } from '../review-query';
import { readReview, writeReview } from '../review-url';
import { useDownload } from '../use-download';

export const REVIEW_PERMISSION = {
  download: 'eform manage form registrations download',
  downloadWithAttachments: 'eform manage form registrations download with attachments',
  weeklyMail: 'eform manage form registrations weekly mail',
  delete: 'eform manage form registrations delete',
} as const;

type Loaded = { status: 'loading' } | { status: 'ready'; page: RegistrationsPage } | { status: 'failed'; message: string };

/**
 * Spec 001 screen 12: the form's registrations in three tabs (the incomplete one for workflow
 * forms), with filters, sorting, pages of 10, 20, 50 or 100, downloads through the job queue
 * and the periodic mail. The selection lives in the URL.
 */
export function FormRegistrationsRoute() {
  const { form, replace } = useAdminForm();
  const { rights } = useAdminSession();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const review = useMemo(() => readReview(search), [search]);
  const workflow = form.form_type === 'workflow';
  const columns = useMemo(() => columnsOf(form.schema, workflow), [form.schema, workflow]);
  const query = reviewQuery(review, columns);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const download = useDownload(form.form_id);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const menuId = useId();

  useEffect(() => {
    const controller = new AbortController();
    loadRegistrations(form.form_id, query, controller.signal).then(
      (page) => setLoaded({ status: 'ready', page }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ status: 'failed', message: error instanceof ApiError && error.serverMessage ? error.serverMessage : nl.review.loadFailed });
      },
    );
    return () => controller.abort();
  }, [form.form_id, query]);

  const update = (change: Partial<ReviewState>) => setSearch(writeReview({ ...review, ...change }), { replace: true });
  const sortBy = review.sortBy ?? defaultSort(review.tab);
  const onSort = (path: string) =>
    update({ sortBy: path, sortDirection: sortBy === path ? (review.sortDirection === 1 ? -1 : 1) : 1, page: 0 });
  const tabs: TabKey[] = workflow ? ['completed', 'incomplete', 'trash'] : ['completed', 'trash'];
  const downloads: [ExportKind, string, boolean][] = [
    ['csv', nl.review.downloadCsv, can(rights, REVIEW_PERMISSION.download)],
    ['csv-with-attachments', nl.review.downloadCsvWithAttachments, can(rights, REVIEW_PERMISSION.downloadWithAttachments)],
  ];
  const offered = downloads.filter(([, , allowed]) => allowed);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2">
          {nl.review.title}
        </Typography>
        {offered.length > 0 && (
          <>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              aria-haspopup="menu"
              aria-controls={menu ? menuId : undefined}
              onClick={(event) => setMenu(event.currentTarget)}
              disabled={download.queue !== null}
            >
              {nl.review.download}
            </Button>
            {/* Beside its button in the page's main landmark, not in a portal after every landmark. */}
            <Menu id={menuId} anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)} disablePortal>
              {offered.map(([kind, label]) => (
                <MenuItem
                  key={kind}
                  onClick={() => {
                    setMenu(null);
                    void download.start(kind, reviewQuery(review, columns, { forExport: true }));
                  }}
                >
                  {label}
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
      </Stack>
      <Tabs value={review.tab} onChange={(_, tab: TabKey) => update({ tab, page: 0, sortBy: null, sortDirection: -1 })} aria-label={nl.review.title}>
        {tabs.map((tab) => (
          <Tab key={tab} value={tab} label={nl.review.tabs[tab]} />
        ))}
      </Tabs>
      <FilterBar columns={columns} filters={review.filters} onChange={(filters) => update({ filters, page: 0 })} />
      {loaded.status === 'loading' && <PageLoading />}
      {loaded.status === 'failed' && <Alert severity="error">{loaded.message}</Alert>}
      {loaded.status === 'ready' && loaded.page.registrations_count === 0 && (
        <Typography>{review.tab === 'trash' ? nl.review.emptyTrash : nl.review.empty}</Typography>
      )}
      {loaded.status === 'ready' && loaded.page.registrations_count > 0 && (
        <Paper variant="outlined">
          <RegistrationsTable
            columns={columns}
            rows={loaded.page.registrations}
            sortBy={sortBy}
            sortDirection={review.sortDirection}
            onSort={onSort}
            onOpen={(row) =>
              void navigate({
                pathname: paths.form_registrations_view.build({ form_id: form.form_id, registration_id: row._id }),
                search: search.toString(),
              })
            }
            trash={review.tab === 'trash'}
          />
          <DutchPagination
            component="div"
            count={loaded.page.registrations_count}
            page={review.page}
            rowsPerPage={review.perPage}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, page) => update({ page })}
            onRowsPerPageChange={(event) => {
              const size = Number(event.target.value);
              const perPage = PAGE_SIZES.find((option) => option === size) ?? review.perPage;
              update({ perPage, page: 0 });
            }}
          />
        </Paper>
      )}
      {can(rights, REVIEW_PERMISSION.weeklyMail) && <PeriodicMailPanel form={form} onSaved={replace} />}
      <DownloadDialog queue={download.queue} onCancel={() => void download.cancel()} />
    </Box>
  );
}
