import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { nl } from '@/messages/nl';
import { colourKey, WORD_COLOURS, WORD_FONTS, wordFileName, type EmailSetting } from '../email-settings';
import type { Problems } from '../problems';
import { problemProps } from './field-problem';

interface WordAttachmentFieldsProps {
  setting: EmailSetting;
  index: number;
  problems: Problems;
  /** The client has the Word module; without it the attachment cannot be switched on. */
  available: boolean;
  onChange(setting: EmailSetting): void;
}

/**
 * The Word attachment of an e-mail (spec 001 sections 3 and 5): a template merged with the
 * registration, sent as PDF or docx, with a default font and colours. The template upload
 * (`POST /api/file-upload/email-word`) has no server route yet, so its control is disabled with a
 * note; the other settings are kept and saved already.
 */
export function WordAttachmentFields({ setting, index, problems, available, onChange }: WordAttachmentFieldsProps) {
  const t = nl.formNotifications.emails;
  const uploadNoteId = useId();
  const at = (key: string) => `${index}/${key}`;
  const on = setting.email_send_word_attachment;
  const styling = (key: string, value: string) => onChange({ ...setting, styling_options: { ...setting.styling_options, [key]: value } });
  const fileName = wordFileName(setting.word_upload);
  const uploadProblem = problems[at('word_upload')];

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            // Switching off stays possible without the module, switching on does not.
            disabled={!available && !on}
            onChange={(event) => onChange({ ...setting, email_send_word_attachment: event.target.checked })}
          />
        }
        label={t.word}
      />
      {!available && <FormHelperText sx={{ mt: 0 }}>{t.wordLocked}</FormHelperText>}
      {on && (
        <Stack spacing={2} sx={{ mt: 1, pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
          <Box>
            <Typography variant="body2">{fileName ? t.wordCurrent(fileName) : t.wordNone}</Typography>
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled aria-describedby={uploadNoteId} sx={{ mt: 1 }}>
              {t.wordUpload}
            </Button>
            <Alert severity="info" id={uploadNoteId} sx={{ mt: 1 }}>
              {t.wordUploadUnavailable}
            </Alert>
            {uploadProblem && <FormHelperText error>{uploadProblem}</FormHelperText>}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
            <TextField
              label={t.wordFilename}
              value={setting.word_filename}
              onChange={(event) => onChange({ ...setting, word_filename: event.target.value })}
              {...problemProps(problems, at('word_filename'), t.filenameHelp)}
              required
              fullWidth
            />
            <TextField
              select
              label={t.sendAs}
              value={setting.send_as_filetype}
              onChange={(event) => onChange({ ...setting, send_as_filetype: event.target.value === 'docx' ? 'docx' : 'pdf' })}
              {...problemProps(problems, at('send_as_filetype'))}
              required
              fullWidth
            >
              <MenuItem value="pdf">{t.sendAsPdf}</MenuItem>
              <MenuItem value="docx">{t.sendAsDocx}</MenuItem>
            </TextField>
            <TextField
              select
              label={t.font}
              value={(WORD_FONTS as readonly string[]).includes(setting.styling_options.word_document_default_font) ? setting.styling_options.word_document_default_font : ''}
              onChange={(event) => styling('word_document_default_font', event.target.value)}
              {...problemProps(problems, at('styling_options/word_document_default_font'))}
              required
              fullWidth
            >
              {WORD_FONTS.map((font) => (
                <MenuItem key={font} value={font} sx={{ fontFamily: font }}>
                  {font}
                </MenuItem>
              ))}
            </TextField>
            {WORD_COLOURS.map((colour) => (
              <TextField
                key={colour}
                type="color"
                label={t.colours[colour]}
                value={setting.styling_options[colourKey(colour)] ?? ''}
                onChange={(event) => styling(colourKey(colour), event.target.value)}
                {...problemProps(problems, at(`styling_options/${colourKey(colour)}`))}
                required
                fullWidth
              />
            ))}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
