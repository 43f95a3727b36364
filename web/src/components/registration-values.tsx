import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FileImage, FileLink } from '@/components/authenticated-file';
import type { UploadedFile } from '@/lib/api/types';
import { displayValue, isLayoutType, subformSchema, type FormElement, type FormValues } from '@/lib/form-logic';
import { formatDuration, trackDuration, trackPoints } from '@/lib/geo/track';
import { nl } from '@/messages/nl';

function files(value: unknown): UploadedFile[] {
  return Array.isArray(value) ? value.filter((item): item is UploadedFile => typeof item?.url === 'string') : [];
}

function signatureImage(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : null;
  const base64 = typeof first === 'object' && first !== null ? (first as { base64?: unknown }).base64 : null;
  return typeof base64 === 'string' && base64.startsWith('data:image/') ? base64 : null;
}

function entries(value: unknown): FormValues[] {
  return Array.isArray(value) ? value.filter((item): item is FormValues => typeof item === 'object' && item !== null) : [];
}

interface ValuesProps {
  schema: readonly FormElement[];
  values: FormValues;
  /** The registration's tracking map (route map_tracking), linked from its routes. */
  trackingMap?: string;
}

/** One answer as it reads: text, images (fetched with the api-key), file links, a signature, entries, a route. */
function Answer({ element, value, trackingMap }: { element: FormElement; value: unknown; trackingMap?: string }) {
  const label = element.label ?? element.name;
  switch (element.elementType) {
    case 'image':
      return (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {files(value).map((file) => (
            <FileImage key={file.fid} url={file.url} alt={file.filename} style={{ maxWidth: 240, maxHeight: 240 }} />
          ))}
        </Stack>
      );
    case 'file':
      return (
        <Stack>
          {files(value).map((file) => (
            <FileLink key={file.fid} url={file.url} filename={file.filename} />
          ))}
        </Stack>
      );
    case 'signature': {
      const image = signatureImage(value);
      return image ? <img src={image} alt={nl.myRegistrations.signature(label)} style={{ maxWidth: 300, background: '#fff' }} /> : null;
    }
    case 'subform':
      return (
        <Stack spacing={1}>
          {entries(value).map((entry, position) => (
            <Box key={position} sx={{ pl: 2, borderLeft: 2, borderColor: 'divider' }}>
              <Typography variant="subtitle2" component="p">
                {nl.elements.subformEntry(label, position + 1)}
              </Typography>
              <RegistrationValues schema={subformSchema(element)} values={entry} trackingMap={trackingMap} />
            </Box>
          ))}
        </Stack>
      );
    case 'tracking': {
      const points = trackPoints(value);
      return (
        <Stack>
          <span>{nl.myRegistrations.trackSummary(points.length, formatDuration(trackDuration(points)))}</span>
          {trackingMap && points.length > 0 && (
            <Link component={RouterLink} to={trackingMap}>
              {nl.myRegistrations.trackLink}
            </Link>
          )}
        </Stack>
      );
    }
    case 'linkedForm': {
      const serial = typeof value === 'object' && value !== null ? (value as { serial_number?: unknown }).serial_number : undefined;
      return <>{serial === undefined ? '' : String(serial)}</>;
    }
    default:
      return <>{displayValue(element, value)}</>;
  }
}

/** The labels and answers of a registration, in the order of its schema. */
export function RegistrationValues({ schema, values, trackingMap }: ValuesProps) {
  const shown = schema.filter((element) => !isLayoutType(element.elementType) && values[element.name] !== undefined && values[element.name] !== null);
  if (shown.length === 0) return <Typography>{nl.myRegistrations.noValue}</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 2fr' }, columnGap: 2, rowGap: 1 }}>
      {shown.map((element) => (
        <Box key={element.uuid ?? element.name} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 500 }}>
            {element.label ?? element.name}
          </Typography>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            <Answer element={element} value={values[element.name]} trackingMap={trackingMap} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
