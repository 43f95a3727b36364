import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type PointerEvent } from 'react';
import { nl } from '@/messages/nl';
import { FieldGroup } from './field-group';
import type { ElementProps } from './types';

/** The stored form of a signature (spec 000 section 3: a list of file entries). */
export interface SignatureFile {
  filename: string;
  base64: string;
}

export const SIGNATURE_FILENAME = 'handtekening.png';
const SIZES = { normal: { width: 400, height: 200 }, big: { width: 700, height: 350 } } as const;

export function signatureValue(dataUrl: string): SignatureFile[] {
  return [{ filename: SIGNATURE_FILENAME, base64: dataUrl }];
}

function storedImage(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const first: unknown = value[0];
  if (typeof first !== 'object' || first === null) return null;
  const base64 = (first as Partial<SignatureFile>).base64;
  return typeof base64 === 'string' && base64 !== '' ? base64 : null;
}

/**
 * Drawing with mouse, finger or pen (pointer events). The value is a PNG data URL, updated when a
 * stroke ends; 'Wissen' empties it. The canvas keeps its drawing between strokes, and a stored
 * signature (a form opened again) is painted onto it.
 */
export function SignatureElement(props: ElementProps) {
  const { element, id, value, onChange } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const size = SIZES[element.signatureSize === 'big' ? 'big' : 'normal'];
  const image = storedImage(value);
  const painted = useRef<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || image === painted.current) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    painted.current = image;
    if (!image) return;
    const picture = new Image();
    picture.onload = () => context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    picture.src = image;
  }, [image]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    // The canvas may be drawn narrower than its pixel size on small screens.
    return {
      x: ((event.clientX - rect.left) * size.width) / rect.width,
      y: ((event.clientY - rect.top) * size.height) / rect.height,
    };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#000';
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    const dataUrl = event.currentTarget.toDataURL('image/png');
    painted.current = dataUrl;
    onChange(signatureValue(dataUrl));
  };

  return (
    <FieldGroup {...props}>
      <Typography variant="body2" color="text.secondary" id={`${id}-hint`}>
        {image ? nl.elements.signatureSet : nl.elements.signatureHint}
      </Typography>
      <Box sx={{ my: 1, maxWidth: size.width }}>
        <canvas
          id={id}
          ref={canvasRef}
          width={size.width}
          height={size.height}
          role="img"
          aria-label={nl.elements.signatureCanvas(element.label ?? '')}
          aria-describedby={`${id}-hint`}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          style={{
            width: '100%',
            aspectRatio: `${size.width} / ${size.height}`,
            border: '1px solid rgba(0, 0, 0, 0.23)',
            borderRadius: 4,
            background: '#fff',
            // Drawing must not scroll the page on touch screens.
            touchAction: 'none',
            display: 'block',
          }}
        />
      </Box>
      <Box>
        <Button size="small" onClick={() => onChange(undefined)} disabled={!image}>
          {nl.elements.signatureClear}
        </Button>
      </Box>
    </FieldGroup>
  );
}
