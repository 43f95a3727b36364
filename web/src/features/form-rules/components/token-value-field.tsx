import DataObjectIcon from '@mui/icons-material/DataObject';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { nl } from '@/messages/nl-admin';

interface TokenValueFieldProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** Tokens offered, without dollar signs (element names and registration facts). */
  tokens: readonly { token: string; label: string }[];
  error?: string;
}

/**
 * A rule value that may hold `$token$`s (spec 001 section 5). The token menu inserts one at the
 * cursor, so tokens need not be typed from memory; typing them works as well.
 */
export function TokenValueField({ id, value, onChange, tokens, error }: TokenValueFieldProps) {
  const t = nl.formRules;
  const input = useRef<HTMLInputElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `${id}-tokens`;

  const insert = (token: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? value.length;
    const end = field?.selectionEnd ?? value.length;
    onChange(`${value.slice(0, start)}$${token}$${value.slice(end)}`);
    setAnchor(null);
  };

  return (
    <>
      <TextField
        id={id}
        inputRef={input}
        label={t.value}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? t.valueHelp}
        required
        sx={{ flex: 2, minWidth: 0 }}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={t.insertToken}
                  aria-haspopup="menu"
                  aria-controls={anchor ? menuId : undefined}
                  aria-expanded={anchor ? 'true' : undefined}
                  onClick={(event) => setAnchor(event.currentTarget)}
                  edge="end"
                >
                  <DataObjectIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* Beside its button in the page's main landmark, not in a portal after every landmark. */}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} disablePortal>
        {tokens.map(({ token, label }) => (
          <MenuItem key={token} onClick={() => insert(token)}>
            {label} (${token}$)
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
