import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { flushBuffer, formatDuration, pointOf, TRACK_FLUSH_MS, trackDuration, trackPoints, type TrackPoint } from '@/lib/geo/track';
import { nl } from '@/messages/nl';
import { useFillEnvironment } from '../fill-environment';
import { PERMISSION_DENIED } from '../gps';
import { useWatchPosition } from '../use-watch-position';
import { AdminModeNotice, FieldGroup } from './field-group';
import type { ElementProps } from './types';

/**
 * Spec 000 sections 3, 4 and 9: a route. While the switch is on, every fix is buffered; every
 * 15 s (and when the switch goes off) the buffer is simplified and appended to the value, which
 * the form keeps like any other answer: autosaved on the device, offline too, and sent later.
 */
export function TrackingElement(props: ElementProps) {
  const { adminMode } = useFillEnvironment();
  return adminMode ? <AdminModeNotice {...props} /> : <TrackingField {...props} />;
}

function TrackingField(props: ElementProps) {
  const { id, value, onChange } = props;
  const points = trackPoints(value);
  const [active, setActive] = useState(false);
  const [failed, setFailed] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const buffer = useRef<TrackPoint[]>([]);
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  const flush = useCallback(() => {
    const added = flushBuffer(buffer.current);
    buffer.current = [];
    if (added.length === 0) return;
    const next = [...trackPoints(latest.current.value), ...added];
    // Read by a flush that comes before the form has rendered this one.
    latest.current.value = next;
    latest.current.onChange(next);
  }, []);

  useWatchPosition(
    active,
    (position) => {
      setFailed(false);
      buffer.current.push(pointOf(position));
    },
    (error) => {
      setFailed(true);
      // Without permission (or geolocation) nothing will come; a lost signal may come back.
      if (!error || error.code === PERMISSION_DENIED) setActive(false);
    },
  );
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(flush, TRACK_FLUSH_MS);
    return () => {
      clearInterval(timer);
      flush();
    };
  }, [active, flush]);

  return (
    <FieldGroup {...props}>
      <FormControlLabel
        control={<Switch id={id} checked={active} onChange={(event) => setActive(event.target.checked)} />}
        label={nl.elements.trackingSwitch}
      />
      {active && <Typography variant="body2">{nl.elements.trackingActive}</Typography>}
      <Typography variant="body2" role="status">
        {points.length > 0 ? nl.elements.trackingSummary(points.length, formatDuration(trackDuration(points))) : nl.elements.trackingNone}
      </Typography>
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {nl.elements.gpsFailed}
        </Alert>
      )}
      {points.length > 0 && !active && (
        <Box sx={{ mt: 1 }}>
          <Button onClick={() => setConfirmClear(true)}>{nl.elements.trackingClear}</Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirmClear}
        title={nl.elements.trackingClearTitle}
        text={nl.elements.trackingClearText}
        confirmLabel={nl.elements.trackingClear}
        onConfirm={() => {
          setConfirmClear(false);
          onChange(undefined);
        }}
        onCancel={() => setConfirmClear(false)}
      />
    </FieldGroup>
  );
}
