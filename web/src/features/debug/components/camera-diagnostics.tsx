import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { cameraErrorMessage, mediaDevices, stopStream } from '@/lib/camera';
import { nl } from '@/messages/nl';
import { cameraConstraints, type CameraQuality } from '../camera';

type CameraResult =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'ok'; stream: MediaStream; message: string; settings: MediaTrackSettings }
  | { kind: 'error'; message: string };

function release(result: CameraResult): void {
  if (result.kind === 'ok') stopStream(result.stream);
}

/** A getUserMedia check: starts the camera, shows the picture and what the device gave. */
export function CameraDiagnostics() {
  const [quality, setQuality] = useState<CameraQuality>('normal');
  const [result, setResult] = useState<CameraResult>({ kind: 'idle' });
  const video = useRef<HTMLVideoElement>(null);
  const labelId = useId();
  const resultRef = useRef(result);

  useEffect(() => {
    resultRef.current = result;
    if (result.kind === 'ok' && video.current) {
      video.current.srcObject = result.stream;
      void video.current.play().catch(() => {});
    }
  }, [result]);
  // Leaving the page must release the camera (iOS keeps its indicator on otherwise).
  useEffect(() => () => release(resultRef.current), []);

  const start = async () => {
    release(result);
    const media = mediaDevices();
    if (!media) {
      setResult({ kind: 'error', message: nl.camera.unsupported });
      return;
    }
    setResult({ kind: 'starting' });
    try {
      const stream = await media.getUserMedia(cameraConstraints(quality));
      const [track] = stream.getVideoTracks();
      const settings = track?.getSettings?.() ?? {};
      setResult({ kind: 'ok', stream, settings, message: nl.debug.cameraOk(track?.label ?? '', settings.width, settings.height) });
    } catch (error) {
      setResult({ kind: 'error', message: cameraErrorMessage(error) });
    }
  };

  const stop = () => {
    release(result);
    setResult({ kind: 'idle' });
  };

  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography id={labelId} variant="body2">
          {nl.debug.cameraQuality}
        </Typography>
        <RadioGroup row aria-labelledby={labelId} value={quality} onChange={(event) => setQuality(event.target.value as CameraQuality)}>
          <FormControlLabel value="normal" control={<Radio />} label={nl.debug.cameraNormal} />
          <FormControlLabel value="high" control={<Radio />} label={nl.debug.cameraHigh} />
        </RadioGroup>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void start()} disabled={result.kind === 'starting'}>
          {nl.debug.cameraStart}
        </Button>
        {result.kind === 'ok' && <Button onClick={stop}>{nl.debug.cameraStop}</Button>}
      </Stack>
      <Box role="status" aria-live="polite">
        {result.kind === 'starting' && <Typography>{nl.debug.cameraStarting}</Typography>}
        {result.kind === 'error' && <Alert severity="error">{result.message}</Alert>}
        {result.kind === 'ok' && <Alert severity="success">{result.message}</Alert>}
      </Box>
      {result.kind === 'ok' && (
        <>
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={nl.debug.cameraPreview}
            sx={{ width: '100%', maxWidth: 480, bgcolor: 'black' }}
          />
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {JSON.stringify(result.settings, null, 2)}
          </Box>
        </>
      )}
    </Stack>
  );
}
