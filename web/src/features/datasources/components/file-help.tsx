import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { nl } from '@/messages/nl-admin';
import type { DatasourceKind } from '../api';

const t = nl.datasources.form.help;

/** A few lines in the format the import reads (spec 002 section 5). */
const EXAMPLES = {
  search: 'object.name;postcode;wijk\nKerkstraat;3801 AB;Noord\nMolenweg;3803 AB;Centrum',
  'EPSG:4326': 'object.name;object.status;object.latitude;object.longitude;type\nLantaarnpaal 1;open;52,1551723;5,3872035;LED',
  'EPSG:28992': 'object.name;object.status;object.x;object.y;type\nLantaarnpaal 1;open;155000;463000;LED',
} as const;

/**
 * The help text of the upload (spec 002 screen 19): the separator, the encoding, the columns each
 * kind needs (case-sensitive), data fields from the other columns, and Excel as an alternative.
 * Folded away until asked for; the summary is a button, so it opens with the keyboard.
 */
export function FileHelp({ kind, crs, heading }: { kind: DatasourceKind; crs: string; heading: 'h2' | 'h3' }) {
  const id = useId();
  const example = kind === 'search' ? EXAMPLES.search : crs === 'EPSG:4326' ? EXAMPLES['EPSG:4326'] : EXAMPLES['EPSG:28992'];
  const lines =
    kind === 'search' ? [t.format, t.search, t.other, t.excel, t.rows] : [t.format, t.map4326, t.map28992, t.numbers, t.other, t.excel, t.rows];
  return (
    <Accordion variant="outlined" disableGutters slotProps={{ heading: { component: heading } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-summary`}>
        <Typography>{t.title}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} sx={{ display: 'grid', gap: 1 }}>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {lines.map((line) => (
            <Typography component="li" key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
        <Typography variant="subtitle2" component="p">
          {t.example}
        </Typography>
        <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: '0.85rem' }}>
          {example}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
