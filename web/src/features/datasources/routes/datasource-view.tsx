import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
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
import { useState } from 'react';
import { pageColumn } from '@/components/page-column';
import { copyText } from '@/lib/clipboard';
import { saveBlob } from '@/lib/download';
import { formatTimestamp } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { importErrors, loadSourceFile, type ImportError } from '../api';
import { DatasourceExport } from '../components/datasource-export';
import { useDatasourceShell } from './datasource-shell';

const t = nl.datasources.view;

/** Spec 002 section 9: the import errors box shows up to 10 rows. */
export const IMPORT_ERRORS_SHOWN = 10;

/** Every kept import error as text, one line each ('Regel 3: …'), for the copy button. */
export function importErrorsText(errors: readonly ImportError[]): string {
  return errors.map((error) => t.errorLine(error.row, error.reason)).join('\n');
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file name for the source file: the datasource's name with the extension its type has. */
export function sourceFileName(name: string, mime: string): string {
  const base = name.trim().replace(/[\\/:*?"<>|]+/g, '-') || 'databron';
  return `${base}.${mime === XLSX_MIME ? 'xlsx' : 'csv'}`;
}

/**
 * Spec 002 screen 18: name, kind, coordinate system (map features), item count, the source file
 * (fetched with the api-key) and the import errors, up to 10 rows, with a copy button for all of
 * them, and the export dialog.
 */
export function DatasourceViewRoute() {
  const { datasource, kind } = useDatasourceShell();
  const { attributes } = datasource;
  const errors = importErrors(datasource);
  const shown = errors.slice(0, IMPORT_ERRORS_SHOWN);
  const [downloading, setDownloading] = useState(false);
  const fileUrl = datasource.file_url ?? null;

  const download = async () => {
    if (!fileUrl) return;
    setDownloading(true);
    try {
      const blob = await loadSourceFile(fileUrl);
      saveBlob(blob, sourceFileName(attributes.name, blob.type));
    } catch (error) {
      console.error('the source file could not be fetched', error);
      showToast(t.downloadFailed, { severity: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const copy = async () => {
    const copied = await copyText(importErrorsText(errors));
    showToast(copied ? nl.clipboard.copied : nl.clipboard.copyFailed, { severity: copied ? 'success' : 'error' });
  };

  const rows: [string, string][] = [
    [t.kind, nl.datasources.kinds[kind] ?? kind],
    ...(kind === 'map_features' ? ([[t.crs, nl.datasources.form.crsOptions[attributes.field_crs ?? ''] ?? attributes.field_crs ?? '']] as [string, string][]) : []),
    [t.featureCount, attributes.feature_count.toLocaleString('nl-NL')],
    [t.dataColumns, attributes.data_properties.length > 0 ? attributes.data_properties.join(', ') : t.noDataColumns],
    [t.changed, formatTimestamp(attributes.changed)],
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, ...pageColumn, gap: 3, maxWidth: 960 }}>
      <Paper variant="outlined" component="section" aria-labelledby="datasource-details-title" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="datasource-details-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t.title}
          </Typography>
          <DatasourceExport id={datasource.id} name={attributes.name} />
        </Box>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
          {rows.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
          <Typography component="dt" color="text.secondary">
            {t.sourceFile}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {fileUrl ? (
              <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={downloading} sx={{ ml: -0.5 }}>
                {t.download}
              </Button>
            ) : (
              <Typography>{t.noFile}</Typography>
            )}
          </Box>
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby="datasource-errors-title" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="datasource-errors-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t.importErrors}
          </Typography>
          {errors.length > 0 && (
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {t.copyErrors}
            </Button>
          )}
        </Box>
        {errors.length === 0 ? (
          <Typography color="text.secondary">{t.noImportErrors}</Typography>
        ) : (
          <>
            <Alert severity="warning">
              {t.errorsCount(errors.length)} {errors.length > shown.length && t.errorsShown(shown.length, errors.length)}
            </Alert>
            <TableContainer>
              <Table size="small" aria-label={t.errorsLabel}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 96 }}>{t.row}</TableCell>
                    <TableCell>{t.reason}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {shown.map((error, index) => (
                    <TableRow key={`${error.row}-${index}`}>
                      <TableCell>{error.row}</TableCell>
                      <TableCell>{error.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </Paper>
    </Box>
  );
}
