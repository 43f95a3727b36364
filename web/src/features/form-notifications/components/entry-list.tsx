import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionActions from '@mui/material/AccordionActions';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { nl } from '@/messages/nl-admin';
import { hasProblemsIn } from '../problems';
import type { ListEditor } from '../use-list-editor';

interface EntryListProps<T> {
  editor: ListEditor<T>;
  /** The heading of entry `index` (also names it in the remove button and question). */
  title(item: T, index: number): string;
  /** The fields of entry `index`. */
  fields(item: T, index: number): ReactNode;
  blank(): T;
  texts: {
    empty: string;
    add: string;
    remove(name: string): string;
    removeTitle: string;
    removeConfirm(name: string): string;
  };
}

/**
 * The repeatable panels of a tab (spec 001 screens 10 and 11): one collapsible panel per entry,
 * marked when it holds a problem, removed only after a question; an add button below.
 */
export function EntryList<T>({ editor, title, fields, blank, texts }: EntryListProps<T>) {
  const [removing, setRemoving] = useState<number | null>(null);
  const removingItem = removing === null ? undefined : editor.items[removing];
  const removingName = removingItem === undefined || removing === null ? '' : title(removingItem, removing);

  return (
    <>
      <Stack spacing={1.5} ref={editor.containerRef}>
        {editor.items.length === 0 && <Typography color="text.secondary">{texts.empty}</Typography>}
        {editor.items.map((item, index) => {
          const id = editor.ids[index] ?? String(index);
          const name = title(item, index);
          const open = editor.expanded.has(id);
          const invalid = hasProblemsIn(editor.problems, index);
          return (
            <Accordion
              key={id}
              expanded={open}
              onChange={() => editor.toggle(id)}
              variant="outlined"
              disableGutters
              slotProps={{ heading: { component: 'h3' } }}
              sx={invalid ? { borderColor: 'error.main' } : undefined}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
                  {invalid && <Chip size="small" color="error" variant="outlined" label={nl.formNotifications.hasProblems} />}
                </Stack>
              </AccordionSummary>
              <AccordionDetails>{fields(item, index)}</AccordionDetails>
              <AccordionActions>
                <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setRemoving(index)}>
                  {texts.remove(name)}
                </Button>
              </AccordionActions>
            </Accordion>
          );
        })}
        <Button startIcon={<AddIcon />} variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => editor.add(blank())}>
          {texts.add}
        </Button>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={texts.removeTitle}
        text={texts.removeConfirm(removingName)}
        confirmLabel={nl.formNotifications.removeButton}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) editor.remove(removing);
          setRemoving(null);
        }}
      />
    </>
  );
}
