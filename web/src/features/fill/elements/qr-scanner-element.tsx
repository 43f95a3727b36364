import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { cameraErrorMessage, mediaDevices, stopStream } from '@/lib/camera';
import { nl } from '@/messages/nl';
import { createFrameDecoder, grabBox, QR_CAMERA, QR_FRAMES_PER_SECOND, type FrameDecoder } from '../qr-decoder';
import { FieldGroup } from './field-group';
import type { ElementProps } from './types';

/** Spec 000 section 4: idle, loading (the camera starts), active (reading frames). */
type ScanState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'active'; stream: MediaStream; decode: FrameDecoder } | { kind: 'failed'; message: string };

/**
 * The QR code scanner: the rear camera is read 10 times a second until a code is found; the
 * camera then stops and the code's text is the value (a computed element may read lines of it).
 * The camera also stops when the user stops, or the element leaves the page.
 */
export function QrScannerElement(props: ElementProps) {
  const { element, id, value, onChange } = props;
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  const text = typeof value === 'string' && value !== '' ? value : null;
  // Each start gets a number; a camera that answers after a stop (or after leaving) is released.
  const attempt = useRef(0);
  const stream = state.kind === 'active' ? state.stream : null;

  const start = async () => {
    const media = mediaDevices();
    if (!media) {
      setState({ kind: 'failed', message: nl.camera.unsupported });
      return;
    }
    const mine = ++attempt.current;
    setState({ kind: 'loading' });
    try {
      const [camera, decode] = await Promise.all([media.getUserMedia(QR_CAMERA), createFrameDecoder()]);
      if (mine === attempt.current) setState({ kind: 'active', stream: camera, decode });
      else stopStream(camera);
    } catch (error) {
      if (mine === attempt.current) setState({ kind: 'failed', message: cameraErrorMessage(error) });
    }
  };
  const stop = () => {
    attempt.current++;
    setState({ kind: 'idle' });
  };

  // The camera runs exactly as long as the state holds it.
  useEffect(() => () => stopStream(stream), [stream]);
  useEffect(
    () => () => {
      attempt.current++;
    },
    [],
  );

  return (
    <FieldGroup {...props}>
      {text && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 1 }}>
          {text}
        </Typography>
      )}
      {state.kind === 'active' && (
        <Scanner
          stream={state.stream}
          decode={state.decode}
          label={nl.elements.qrVideo(element.label ?? element.name)}
          onCode={(code) => {
            stop();
            onChange(code);
          }}
        />
      )}
      {state.kind === 'loading' && <Typography role="status">{nl.elements.qrLoading}</Typography>}
      {state.kind === 'failed' && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {state.message}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {state.kind === 'active' ? (
          <Button id={id} onClick={stop}>
            {nl.elements.qrStop}
          </Button>
        ) : (
          <Button id={id} variant="outlined" onClick={() => void start()} disabled={state.kind === 'loading'}>
            {text ? nl.elements.qrAgain : nl.elements.qrStart}
          </Button>
        )}
        {text && state.kind !== 'active' && <Button onClick={() => onChange(undefined)}>{nl.elements.qrClear}</Button>}
      </Stack>
    </FieldGroup>
  );
}

/** The live picture, read 10 times a second; a read still running makes the next tick wait. */
function Scanner({ stream, decode, label, onCode }: { stream: MediaStream; decode: FrameDecoder; label: string; onCode(code: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    const player = video.current;
    if (!player) return;
    player.srcObject = stream;
    void player.play?.()?.catch(() => {});
    const canvas = document.createElement('canvas');
    let reading = false;
    let done = false;
    const timer = setInterval(() => {
      if (reading || done) return;
      const frame = grabBox(player, canvas);
      if (!frame) return;
      reading = true;
      decode(frame)
        .then((code) => {
          if (code && !done) {
            done = true;
            found.current(code);
          }
        })
        // A frame the reader chokes on is a frame without a code; the next one is read anyway.
        .catch(() => {})
        .finally(() => {
          reading = false;
        });
    }, 1000 / QR_FRAMES_PER_SECOND);
    return () => {
      done = true;
      clearInterval(timer);
      player.srcObject = null;
    };
  }, [stream, decode]);

  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" role="status" sx={{ mb: 1 }}>
        {nl.elements.qrActive}
      </Typography>
      <Box component="video" ref={video} aria-label={label} muted playsInline autoPlay sx={{ width: '100%', maxWidth: 480, bgcolor: 'common.black' }} />
    </Box>
  );
}
