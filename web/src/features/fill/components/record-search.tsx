import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { TextInput } from '@/components/text-input';
import { ApiError } from '@/lib/api';
import type { SearchableField, SearchHit } from '@/lib/api/types';
import { nl } from '@/messages/nl';
import { searchRegistrations, type SendTarget } from '../api';

/** The result table's code, asked for with each search so it arrives beside the answer. */
const loadResults = () => import('./record-search-results');
const RecordSearchResults = lazy(async () => ({ default: (await loadResults()).RecordSearchResults }));

type Results = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; registrations: SearchHit[] } | { kind: 'failed'; message: string };

interface RecordSearchProps {
  /** A signed-in user's form or a guest link: decides which search call is made. */
  target: SendTarget;
  formId: string;
  /** The form's searchable fields: the choice of field, and a column each in the results. */
  fields: SearchableField[];
}

/**
 * Spec 000 screens 11 and 17: earlier registrations of this form by a searchable field and an
 * optional term. A hit shows its serial number, date, summary and the searchable fields, which is
 * all the server answers (no other values, no sender), so guests may search too.
 */
export function RecordSearch({ target, formId, fields }: RecordSearchProps) {
  const idPrefix = useId();
  const [field, setField] = useState(fields[0]?.value ?? '');
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Results>({ kind: 'idle' });
  const [page, setPage] = useState(0);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setResults({ kind: 'loading' });
    setPage(0);
    try {
      const [found] = await Promise.all([searchRegistrations(target, formId, field, term.trim()), loadResults()]);
      // Newest first, whatever order the server keeps.
      const sorted = [...found].sort((a, b) => b.registration_date.localeCompare(a.registration_date));
      setResults({ kind: 'done', registrations: sorted });
    } catch (error) {
      // The server's text, e.g. the 422 for a term over 200 characters.
      setResults({ kind: 'failed', message: error instanceof ApiError ? error.message : nl.errors.unexpected });
    }
  };

  return (
    // The summary is the section's heading, one level below the form's title (MUI makes it an h3).
    <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${idPrefix}-content`} id={`${idPrefix}-header`}>
        <Typography component="span" variant="subtitle1">
          {nl.search.title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${idPrefix}-content`}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={(event) => void search(event)} noValidate>
          <TextInput
            select
            id={`${idPrefix}-field`}
            label={nl.search.field}
            value={field}
            onChange={(event) => setField(event.target.value)}
            shrinkLabel
            sx={{ minWidth: 200 }}
          >
            {fields.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextInput>
          <TextInput id={`${idPrefix}-term`} label={nl.search.term} value={term} onChange={(event) => setTerm(event.target.value)} sx={{ flexGrow: 1 }} />
          <Button type="submit" variant="contained" disabled={results.kind === 'loading' || field === ''}>
            {nl.search.submit}
          </Button>
        </Stack>
        <div role="status" aria-live="polite">
          {results.kind === 'failed' && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {results.message}
            </Alert>
          )}
          {results.kind === 'done' && results.registrations.length === 0 && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {nl.search.noHits}
            </Alert>
          )}
        </div>
        {results.kind === 'done' && results.registrations.length > 0 && (
          <Suspense fallback={null}>
            <RecordSearchResults registrations={results.registrations} fields={fields} page={page} onPageChange={setPage} />
          </Suspense>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
