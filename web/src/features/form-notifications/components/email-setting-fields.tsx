import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { nl } from '@/messages/nl-admin';
import type { EmailSetting } from '../email-settings';
import type { Problems } from '../problems';
import { AddressListField } from './address-list-field';
import { problemProps } from './field-problem';
import { PhasePicker } from './phase-picker';
import { RichTextField } from './rich-text-field';
import { WordAttachmentFields } from './word-attachment-fields';

interface EmailSettingFieldsProps {
  setting: EmailSetting;
  index: number;
  problems: Problems;
  tokens: readonly { token: string; label: string }[];
  workflow: boolean;
  /** The client has the paid Word module (Word attachments are locked without it). */
  wordModule: boolean;
  /** Where a Word template is uploaded and processed. */
  formId: string;
  clientId: string;
  onChange(setting: EmailSetting): void;
}

/** The fields of one e-mail notification (spec 001 section 3 'Email setting'). */
export function EmailSettingFields({ setting, index, problems, tokens, workflow, wordModule, formId, clientId, onChange }: EmailSettingFieldsProps) {
  const t = nl.formNotifications.emails;
  const modeId = useId();
  const at = (key: string) => `${index}/${key}`;
  const set = <K extends keyof EmailSetting>(key: K, value: EmailSetting[K]) => onChange({ ...setting, [key]: value });
  const toggle = (key: 'email_hide_empty_values' | 'email_add_attachment_registration_pdf' | 'email_add_attachments' | 'email_no_styling', label: string) => (
    <FormControlLabel control={<Switch checked={setting[key]} onChange={(event) => set(key, event.target.checked)} />} label={label} />
  );

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
          {t.recipients}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
          <AddressListField
            label={t.to}
            addresses={setting.to_addresses}
            required
            problems={problems}
            path={at('to_addresses')}
            onChange={(list) => set('to_addresses', list)}
          />
          <AddressListField label={t.cc} addresses={setting.cc_addresses} problems={problems} path={at('cc_addresses')} onChange={(list) => set('cc_addresses', list)} />
          <AddressListField label={t.bcc} addresses={setting.bcc_addresses} problems={problems} path={at('bcc_addresses')} onChange={(list) => set('bcc_addresses', list)} />
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' } }}>
        <TextField
          label={t.fromName}
          value={setting.from_name}
          onChange={(event) => set('from_name', event.target.value)}
          {...problemProps(problems, at('from_name'))}
          required
          fullWidth
        />
        <TextField
          label={t.subject}
          value={setting.email_subject}
          onChange={(event) => set('email_subject', event.target.value)}
          {...problemProps(problems, at('email_subject'), t.tokensAllowed)}
          required
          fullWidth
        />
      </Box>

      <FormControl>
        <FormLabel id={modeId}>{t.contentMode}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={modeId}
          value={setting.email_content_mode}
          onChange={(event) => set('email_content_mode', event.target.value === 'auto' ? 'auto' : 'manual')}
        >
          <FormControlLabel value="manual" control={<Radio />} label={t.modeManual} />
          <FormControlLabel value="auto" control={<Radio />} label={t.modeAuto} />
        </RadioGroup>
      </FormControl>
      {setting.email_content_mode === 'manual' && (
        <RichTextField
          label={t.content}
          value={setting.email_content}
          onChange={(content) => set('email_content', content)}
          problem={problems[at('email_content')]}
          help={t.contentHelp}
          tokens={tokens}
          preset="default"
          required
        />
      )}
      <Stack>
        {toggle('email_hide_empty_values', t.hideEmpty)}
        {toggle('email_no_styling', t.noStyling)}
      </Stack>

      <Box>
        <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
          {t.attachmentsTitle}
        </Typography>
        <Stack spacing={1}>
          {toggle('email_add_attachment_registration_pdf', t.pdf)}
          {setting.email_add_attachment_registration_pdf && (
            <TextField
              label={t.pdfName}
              value={setting.email_add_attachment_registration_pdf_file_name}
              onChange={(event) => set('email_add_attachment_registration_pdf_file_name', event.target.value)}
              {...problemProps(problems, at('email_add_attachment_registration_pdf_file_name'), t.filenameHelp)}
              sx={{ maxWidth: 480 }}
              fullWidth
            />
          )}
          {toggle('email_add_attachments', t.addAttachments)}
          <WordAttachmentFields
            setting={setting}
            index={index}
            problems={problems}
            available={wordModule}
            formId={formId}
            clientId={clientId}
            onChange={onChange}
          />
        </Stack>
      </Box>

      {workflow && (
        <PhasePicker
          phases={setting.send_on_registration_phase}
          problems={problems}
          path={at('send_on_registration_phase')}
          onChange={(phases) => set('send_on_registration_phase', phases)}
        />
      )}
    </Stack>
  );
}
