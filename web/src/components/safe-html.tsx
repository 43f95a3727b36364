import Box, { type BoxProps } from '@mui/material/Box';
import { useMemo } from 'react';
import { sanitizeSummaryHtml } from '@/lib/form-logic';

interface SafeHtmlProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  html: string | null | undefined;
}

/**
 * HTML written by form builders or the server (summaries, static texts, intro texts), limited to
 * the summary tags (p, strong, em, a, br, ul, li, ol) before it reaches the DOM, so no script or
 * style from a form ever runs in the app.
 */
export function SafeHtml({ html, ...boxProps }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeSummaryHtml(html ?? ''), [html]);
  return <Box {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}
