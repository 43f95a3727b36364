import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, uploadRefusal } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { isDocx } from '@/lib/word-templates';
import { nl } from '@/messages/nl-admin';
import { processWordFile, uploadWordTemplate } from '../api';
import { colourKey, WORD_COLOURS, WORD_FONTS, wordFileName, type EmailSetting } from '../email-settings';
import type { Problems } from '../problems';
import { problemProps } from './field-problem';

interface WordAttachmentFieldsProps {
  setting: EmailSetting;
  index: number;
  problems: Problems;
  /** The client has the Word module; without it the attachment cannot be switched on. */
  available: boolean;
  /** The form (its templates are processed for it) and its client (uploads are the client's). */
  formId: string;
  clientId: string;
  onChange(setting: EmailSetting): void;
}

/** What the file chooser offers; other files are refused before any upload (spec 001 section 5). */
const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The Word attachment of an e-mail (spec 001 sections 3 and 5): a template merged with the
 * registration, sent as PDF or docx, with a default font and colours. A chosen .docx is
 * uploaded at once (`POST /api/file-upload/email-word`), kept in the setting as
 * `word_upload: { fid, filename }` and handed to the server's processing
 * (`GET /api/process-word-file/...`); the setting itself is saved with the tab.
 */
export function WordAttachmentFields({ setting, index, problems, available, formId, clientId, onChange }: WordAttachmentFieldsProps) {
  const t = nl.formNotifications.emails;
  const uploadProblemId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The upload takes a while: its answer goes into the setting as it is by then, through the
  // callback of that moment (the user may have typed meanwhile).
  const latest = useRef({ setting, onChange });
  latest.current = { setting, onChange };
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const at = (key: string) => `${index}/${key}`;
  const on = setting.email_send_word_attachment;
  const styling = (key: string, value: string) => onChange({ ...setting, styling_options: { ...setting.styling_options, [key]: value } });
  const fileName = wordFileName(setting.word_upload);
  const uploadProblem = problems[at('word_upload')];

  const choose = async (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!isDocx(chosen.name)) {
      setRefusal(t.wordOnlyDocx);
      return;
    }
    setRefusal(null);
    const controller = new AbortController();
    running.current = controller;
    setUploading({ name: chosen.name, percent: 0 });
    try {
      const uploaded = await uploadWordTemplate(clientId, chosen, {
        signal: controller.signal,
        onUploadProgress: (loaded, total) => setUploading({ name: chosen.name, percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
      });
      const current = latest.current;
      current.onChange({ ...current.setting, word_upload: { fid: uploaded.fid, filename: uploaded.filename || chosen.name } });
      try {
        await processWordFile(formId, uploaded.fid);
      } catch (error) {
        // The template is stored; only its processing did not start. Uploading it again asks again.
        if (!(error instanceof ApiError && error.status === 403)) showToast(t.wordProcessFailed, { severity: 'error' });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!(error instanceof ApiError)) console.warn('word template upload failed', error);
      // The server's reason when it refused the file (not a .docx after all, too big), else ours.
      setRefusal(uploadRefusal(error) ?? t.wordUploadFailed);
    } finally {
      if (running.current === controller) {
        running.current = null;
        if (!controller.signal.aborted) setUploading(null);
      }
    }
  };

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
            <input
              ref={input}
              type="file"
              accept={DOCX_ACCEPT}
              aria-label={t.wordUpload}
              hidden
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={uploading !== null}
                onClick={() => input.current?.click()}
                aria-describedby={uploadProblem || refusal ? uploadProblemId : undefined}
              >
                {fileName ? t.wordReplace : t.wordUpload}
              </Button>
              {fileName && (
                <Button
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={uploading !== null}
                  aria-label={t.wordRemoveLabel(fileName)}
                  onClick={() => {
                    setRefusal(null);
                    onChange({ ...setting, word_upload: null });
                  }}
                >
                  {t.wordRemove}
                </Button>
              )}
            </Stack>
            {uploading && (
              <Box sx={{ mt: 1, maxWidth: 480 }}>
                {/* Announced once; the bar carries the percentage. */}
                <Typography variant="body2" role="status">
                  {t.wordUploading(uploading.name)}
                </Typography>
                <LinearProgress variant="determinate" value={uploading.percent} aria-label={t.wordUploading(uploading.name)} />
              </Box>
            )}
            {(refusal || uploadProblem) && (
              <FormHelperText error id={uploadProblemId} role="alert">
                {refusal ?? uploadProblem}
              </FormHelperText>
            )}
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
