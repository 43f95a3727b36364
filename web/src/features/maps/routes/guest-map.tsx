import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '@/lib/api';
import { nl } from '@/messages/nl';
import { loadGuestMap, type GuestMapAnswer, type GuestMapRef } from '../api';
import { FeatureMap } from '../feature-map';
import { mapSettingsOf } from '../map-features';
import type { SelectedItem } from '../selection';
import { statusFilterSegment, useStatusFilter } from '../status-filter';
import { useFeatureLoader } from '../use-feature-loader';

type GuestMapData = { ref: GuestMapRef; answer: GuestMapAnswer } | { error: string };

function refOf(params: LoaderFunctionArgs['params']): GuestMapRef {
  return params.map_uuid !== undefined
    ? { mapUuid: params.map_uuid }
    : { formId: params.form_id ?? '', elementName: params.element_name ?? '' };
}

/**
 * Routes guest_map and guest_map_form: the whole datasource first (every status), which also
 * tells whether the map loads live. A map that does not exist or is not shared reads as one.
 */
export async function guestMapLoader({ params, request }: LoaderFunctionArgs): Promise<GuestMapData> {
  const ref = refOf(params);
  try {
    return { ref, answer: await loadGuestMap(ref, null, null, request.signal) };
  } catch (error) {
    return { error: error instanceof ApiError && error.status === 404 ? nl.maps.guestNotFound : nl.maps.guestLoadFailed };
  }
}

/**
 * Spec 000 screen 12, without sign-in: the form's name, 'Databron: {name}', the map with its
 * status filter and the features selected to look at. Nothing is stored: a guest only looks.
 */
export function GuestMapRoute() {
  const data = useLoaderData<GuestMapData>();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950, display: 'grid', gap: 2 }}>
      {'error' in data ? <Alert severity="error">{data.error}</Alert> : <GuestMap key={JSON.stringify(data.ref)} mapRef={data.ref} first={data.answer} />}
    </Box>
  );
}

function GuestMap({ mapRef, first }: { mapRef: GuestMapRef; first: GuestMapAnswer }) {
  const settings = useMemo(() => mapSettingsOf(first.mapSettings), [first.mapSettings]);
  const [shown, setShown] = useStatusFilter(first.datasource_id);
  const [selected, setSelected] = useState<readonly SelectedItem[]>([]);
  const loader = useFeatureLoader(statusFilterSegment(shown), settings.live, (bounds, signal) => loadGuestMap(mapRef, shown, bounds, signal), {
    key: statusFilterSegment(null),
    value: first,
  });
  const answer = loader.value ?? first;

  return (
    <>
      <Typography variant="h4" component="h1">
        {first.form_name}
      </Typography>
      <Typography>{nl.maps.datasource(first.datasource_name)}</Typography>
      {loader.status === 'failed' && <Alert severity="error">{nl.maps.guestLoadFailed}</Alert>}
      <FeatureMap
        label={first.datasource_name}
        settings={settings}
        features={answer.features.features}
        omitted={answer.features.omitted}
        statusValues={first.status_values}
        shown={shown}
        onShownChange={setShown}
        selected={selected}
        onSelectedChange={setSelected}
        onViewportChange={loader.onViewportChange}
        complete={false}
      />
    </>
  );
}
