import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FileImage, FileLink } from '@/components/authenticated-file';
import { SafeHtml } from '@/components/safe-html';
import type { FormElement } from '@/lib/form-logic';
import { authoredLevel } from '../heading-levels';
import type { ElementProps } from './types';

/** The text style of each size a builder offers, h1 to h4. */
const VARIANTS = ['h4', 'h5', 'h6', 'subtitle1'] as const;
const OUTLINE = ['h2', 'h3', 'h4', 'h5', 'h6'] as const;

/**
 * A heading inside the form: the size its builder chose, at its level in the page's outline
 * (`headingLevels`), so a builder's h1 sits below the page's title and no heading skips a level.
 */
export function HeaderElement({ element, headingLevel }: ElementProps) {
  const chosen = authoredLevel(element);
  // Outside a form's fields (no outline given) the builder's level holds, an h1 made an h2.
  const level = headingLevel ?? Math.max(chosen, 2);
  return (
    <Typography variant={VARIANTS[chosen - 1] ?? 'h5'} component={OUTLINE[level - 2] ?? 'h2'}>
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
