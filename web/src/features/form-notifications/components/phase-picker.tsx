import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { nl } from '@/messages/nl-admin';
import { PHASES } from '../phases';
import type { Problems } from '../problems';

interface PhasePickerProps {
  phases: readonly string[];
  problems: Problems;
  /** The list's path (`0/send_on_registration_phase`). */
  path: string;
  onChange(phases: string[]): void;
}

/**
 * Workflow forms: the phases whose reaching sends the e-mail or integration (spec 001 section 4:
 * 'E-mails can be sent on chosen phases'); none chosen means on completion.
 */
export function PhasePicker({ phases, problems, path, onChange }: PhasePickerProps) {
  const t = nl.formNotifications;
  const legendId = useId();
  const helpId = useId();
  const problem = Object.entries(problems).find(([key]) => key === path || key.startsWith(`${path}/`))?.[1];
  const toggle = (phase: string, on: boolean) => {
    const next = new Set(phases);
    if (on) next.add(phase);
    else next.delete(phase);
    onChange(PHASES.filter((p) => next.has(p)));
  };
  return (
    <Box component="fieldset" aria-labelledby={legendId} aria-describedby={helpId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={legendId} variant="subtitle2">
        {t.phases}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {PHASES.map((phase) => (
          <FormControlLabel
            key={phase}
            label={t.phase(phase)}
            control={<Checkbox checked={phases.includes(phase)} onChange={(event) => toggle(phase, event.target.checked)} />}
          />
        ))}
      </Box>
      <FormHelperText id={helpId} error={Boolean(problem)}>
        {problem ?? t.phasesHelp}
      </FormHelperText>
    </Box>
  );
}
