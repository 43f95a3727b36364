import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { FieldMessages } from '../element-validation';
import { RowList } from './row-list';

/** A colour per status (map featureStyles) or per text (search itemStyles). */
export interface ColorStyle {
  status?: string;
  text?: string;
  color?: string;
  [extra: string]: unknown;
}

interface StyleListEditorProps {
  /** The field the colour belongs to: `status` for map features, `text` for search items. */
  textKey: 'status' | 'text';
  styles: readonly ColorStyle[];
  onChange(styles: ColorStyle[]): void;
  errors: FieldMessages;
  /** Error paths of row i are `${errorPath}.${i}.${textKey}` and `${errorPath}.${i}.color`. */
  errorPath: string;
  idPrefix: string;
  labels: {
    title: string;
    text(n: number): string;
    color(n: number): string;
    colorHelp: string;
    add: string;
    remove(n: number): string;
  };
}

/** Text-and-colour rows with a swatch of the colour typed (#RRGGBB). */
export function StyleListEditor({ textKey, styles, onChange, errors, errorPath, idPrefix, labels }: StyleListEditorProps) {
  return (
    <RowList
      title={labels.title}
      items={styles}
      onChange={onChange}
      newItem={() => ({ [textKey]: '', color: '' })}
      addLabel={labels.add}
      removeLabel={labels.remove}
      renderRow={(style, index, update) => {
        const textError = errors[`${errorPath}.${index}.${textKey}`];
        const colorError = errors[`${errorPath}.${index}.color`];
        return (
          <>
            <TextField
              id={`${idPrefix}-${index}-${textKey}`}
              label={labels.text(index + 1)}
              value={style[textKey] ?? ''}
              onChange={(event) => update({ [textKey]: event.target.value })}
              error={Boolean(textError)}
              helperText={textError}
              required
              sx={{ flex: 1 }}
            />
            <TextField
              id={`${idPrefix}-${index}-color`}
              label={labels.color(index + 1)}
              value={style.color ?? ''}
              onChange={(event) => update({ color: event.target.value })}
              error={Boolean(colorError)}
              helperText={colorError ?? labels.colorHelp}
              required
              sx={{ flex: 1 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <Box
                      aria-hidden
                      sx={{
                        width: 20,
                        height: 20,
                        mr: 1,
                        borderRadius: 0.5,
                        flexShrink: 0,
                        bgcolor: style.color || 'transparent',
                        border: 1,
                        borderColor: 'divider',
                      }}
                    />
                  ),
                },
              }}
            />
          </>
        );
      }}
    />
  );
}
