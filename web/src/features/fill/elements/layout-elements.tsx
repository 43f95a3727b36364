import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FileImage, FileLink } from '@/components/authenticated-file';
import { SafeHtml } from '@/components/safe-html';
import type { FormElement } from '@/lib/form-logic';
import type { ElementProps } from './types';

const HEADINGS = ['h1', 'h2', 'h3', 'h4'] as const;
const VARIANTS = { h1: 'h4', h2: 'h5', h3: 'h6', h4: 'subtitle1' } as const;

/**
 * A heading inside the form. The page title is the form's h1, so a builder's h1 starts one
 * level below it in the outline while keeping its relative size.
 */
export function HeaderElement({ element }: ElementProps) {
  const level = HEADINGS.find((heading) => heading === element.component) ?? 'h2';
  const component = level === 'h1' ? 'h2' : level;
  return (
    <Typography variant={VARIANTS[level]} component={component}>
      {element.label}
    </Typography>
  );
}

export function StaticTextElement({ element }: ElementProps) {
  return <SafeHtml html={element.staticText} sx={{ '& p': { my: 1 } }} />;
}

interface FileRef {
  url: string;
  name: string;
}

function fileOf(element: FormElement): FileRef | null {
  const file = element.file;
  if (typeof file !== 'object' || file === null) return null;
  const { url, name } = file as Partial<FileRef>;
  return typeof url === 'string' && url !== '' ? { url, name: typeof name === 'string' ? name : url } : null;
}

function sizeOf(element: FormElement): { width?: number; height?: number } {
  const image = element.image;
  if (typeof image !== 'object' || image === null) return {};
  const { width, height } = image as { width?: unknown; height?: unknown };
  return {
    width: typeof width === 'number' && width > 0 ? width : undefined,
    height: typeof height === 'number' && height > 0 ? height : undefined,
  };
}

export function ImageTagElement({ element }: ElementProps) {
  const file = fileOf(element);
  if (!file) return null;
  return (
    <Box>
      <FileImage url={file.url} alt={element.label ?? file.name} {...sizeOf(element)} style={{ maxWidth: '100%', height: 'auto' }} />
    </Box>
  );
}

export function StaticFileElement({ element }: ElementProps) {
  const file = fileOf(element);
  if (!file) return null;
  return (
    <Box>
      {element.label && (
        <Typography variant="body2" color="text.secondary">
          {element.label}
        </Typography>
      )}
      <FileLink url={file.url} filename={file.name} />
    </Box>
  );
}
