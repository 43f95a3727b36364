import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import NotesIcon from '@mui/icons-material/Notes';
import TokenIcon from '@mui/icons-material/DataObject';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { SafeHtml } from '@/components/safe-html';
import { nl } from '@/messages/nl-admin';
import { insertAtSelection, listSelection, RICH_TEXT_PRESETS, wrapSelection, type Edit, type RichTextPreset } from '../rich-text';

interface RichTextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The problem to show beside the field, if any. */
  problem?: string;
  help: string;
  tokens: readonly { token: string; label: string }[];
  preset?: RichTextPreset;
  required?: boolean;
}

/**
 * HTML with tokens (see `rich-text.ts`): a toolbar that wraps the selection in tags or inserts a
 * token at the caret, the source in a textarea with the preset's heights (spec 000 section 9),
 * and a preview limited to the tags a summary keeps.
 */
export function RichTextField({ label, value, onChange, problem, help, tokens, preset = 'default', required }: RichTextFieldProps) {
  const t = nl.formNotifications.emails;
  const fieldId = useId();
  const menuId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const heights = RICH_TEXT_PRESETS[preset];

  /** Applies an edit of the current selection and puts the selection back in the field. */
  const apply = (edit: (text: string, start: number, end: number) => Edit) => {
    const field = fieldRef.current;
    const next = edit(value, field?.selectionStart ?? value.length, field?.selectionEnd ?? value.length);
    onChange(next.text);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.start, next.end);
    });
  };

  const tool = (name: string, icon: ReactNode, edit: (text: string, start: number, end: number) => Edit) => (
    <IconButton size="small" aria-label={name} title={name} onClick={() => apply(edit)}>
      {icon}
    </IconButton>
  );

  return (
    <Box>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t.toolbar}
        aria-controls={fieldId}
        spacing={0.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
      >
        {tool(t.bold, <FormatBoldIcon />, (text, start, end) => wrapSelection(text, start, end, '<strong>', '</strong>'))}
        {tool(t.italic, <FormatItalicIcon />, (text, start, end) => wrapSelection(text, start, end, '<em>', '</em>'))}
        {tool(t.paragraph, <NotesIcon />, (text, start, end) => wrapSelection(text, start, end, '<p>', '</p>'))}
        {tool(t.bulletList, <FormatListBulletedIcon />, listSelection)}
        <Button
          size="small"
          startIcon={<TokenIcon />}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={menuAnchor ? true : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          {t.insertToken}
        </Button>
      </Stack>
      {/* Beside the toolbar in the page's main landmark, not in a portal after every landmark. */}
      <Menu id={menuId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)} disablePortal>
        {tokens.map((token) => (
          <MenuItem
            key={token.token}
            onClick={() => {
              setMenuAnchor(null);
              apply((text, start, end) => insertAtSelection(text, start, end, token.token));
            }}
          >
            {t.tokenOption(token.label, token.token)}
          </MenuItem>
        ))}
      </Menu>
      <TextField
        id={fieldId}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputRef={fieldRef}
        error={Boolean(problem)}
        helperText={problem ?? help}
        required={required}
        multiline
        fullWidth
        slotProps={{
          htmlInput: {
            style: { minHeight: heights.minHeight, maxHeight: heights.maxHeight, overflow: 'auto', fontFamily: 'monospace' },
          },
        }}
      />
      {value.trim() !== '' && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t.preview}
          </Typography>
          <SafeHtml html={value} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} />
        </Box>
      )}
    </Box>
  );
}
