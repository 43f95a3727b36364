import Alert from '@mui/material/Alert';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useMemo, useState, type HTMLAttributes, type Key } from 'react';
import { nl } from '@/messages/nl';
import { loadSearchItems } from '../api';
import { useFillEnvironment } from '../fill-environment';
import { chosenItems, itemColor, matchItems, searchSettingsOf, searchValue, type SearchItem, type SearchSettings } from '../search-items';
import { inputProps } from './text-elements';
import type { ElementProps } from './types';

/** Spec 000 section 9: the search input is debounced 250 ms. */
export const SEARCH_DEBOUNCE_MS = 250;

type SearchList = { status: 'loading' } | { status: 'loaded'; items: SearchItem[] } | { status: 'failed' };

/** A datasource's search list, fetched once per element (and shared by elements on one datasource). */
function useSearchList(datasourceId: string): { list: SearchList; retry(): void } {
  const [list, setList] = useState<SearchList>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (datasourceId === '') return;
    let live = true;
    setList({ status: 'loading' });
    loadSearchItems(datasourceId).then(
      (items) => live && setList({ status: 'loaded', items }),
      (error: unknown) => {
        console.warn('the search list could not be loaded', error);
        if (live) setList({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [datasourceId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { list, retry };
}

/** `value` once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A dot in the item style's colour; the colour says nothing a screen reader needs, the name does. */
function ColorDot({ color }: { color: string | undefined }) {
  if (!color) return null;
  return <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: color, mr: 1, flexShrink: 0 }} />;
}

/** The item's data values after its name, so two items of one name can be told apart. */
function dataSummary(item: SearchItem): string {
  return Object.values(item.data ?? {})
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .filter((text) => text.trim() !== '')
    .join(' · ');
}

function renderOption(styles: SearchSettings['itemStyles']) {
  return function SearchOption(optionProps: HTMLAttributes<HTMLLIElement> & { key?: Key }, item: SearchItem) {
    const { key, ...rest } = optionProps;
    const details = dataSummary(item);
    return (
      <li key={key ?? item.id} {...rest}>
        <ColorDot color={itemColor(item, styles)} />
        <Box component="span" sx={{ display: 'grid' }}>
          <span>{item.name}</span>
          {details && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
              {details}
            </Box>
          )}
        </Box>
      </li>
    );
  };
}

/**
 * The search element (spec 000 sections 3, 5 and 9): type-ahead over the element's search
 * datasource. The list is fetched once and matched on the device 250 ms after the last key,
 * showing at most 50 items; one item is chosen, or several when the builder allowed it
 * (searchSettings.multiple). Item styles colour the items. The value is the chosen item (or
 * items) with its data, so tokens and rules can read them. Without signal the list comes from
 * the copy kept on this device.
 */
export function SearchElement(props: ElementProps) {
  const { element, id, value, onChange, error } = props;
  const { target } = useFillEnvironment();
  const settings = useMemo(() => searchSettingsOf(element.searchSettings), [element.searchSettings]);
  const guest = target.kind === 'guest';
  const { list, retry } = useSearchList(guest ? '' : settings.datasourceId);
  const [input, setInput] = useState('');
  const term = useDebounced(input, SEARCH_DEBOUNCE_MS);
  const chosen = chosenItems(value);
  const items = list.status === 'loaded' ? list.items : [];
  // In a single select the input shows the chosen name: then the whole list is offered.
  const effectiveTerm = !settings.multiple && chosen[0]?.name === term ? '' : term;
  const { shown, total } = useMemo(() => matchItems(items, effectiveTerm), [items, effectiveTerm]);

  const notice = (() => {
    if (guest) return nl.elements.searchGuest;
    if (settings.datasourceId === '') return nl.elements.searchNoDatasource;
    return null;
  })();
  if (notice) {
    return (
      <Box>
        <TextField {...inputProps(props)} disabled value="" helperText={error ?? notice} />
      </Box>
    );
  }

  const change = (next: SearchItem[]) => onChange(searchValue(next, settings.multiple));
  const common = {
    id,
    options: shown,
    inputValue: input,
    onInputChange: (_event: unknown, next: string) => setInput(next),
    // Matching happens on the device, debounced, in `matchItems`.
    filterOptions: (options: SearchItem[]) => options,
    getOptionLabel: (item: SearchItem) => item.name,
    isOptionEqualToValue: (option: SearchItem, current: SearchItem) => option.id === current.id,
    loading: list.status === 'loading',
    loadingText: nl.elements.searchLoading,
    noOptionsText: items.length === 0 ? nl.elements.listEmpty : nl.elements.noMatches,
    renderOption: renderOption(settings.itemStyles),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} {...inputProps(props)} id={id} placeholder={nl.elements.searchPlaceholder} />
    ),
    // The list tells how much it holds, and when there is more than it shows.
    slotProps: {
      listbox: { 'aria-label': element.label } as HTMLAttributes<HTMLUListElement>,
    },
    fullWidth: true,
  };

  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      {settings.multiple ? (
        <Autocomplete
          {...common}
          multiple
          disableCloseOnSelect
          value={chosen}
          onChange={(_event, next) => change(next)}
          renderValue={(values, getItemProps) =>
            values.map((item, index) => {
              const { key, ...chipProps } = getItemProps({ index });
              const color = itemColor(item, settings.itemStyles);
              return (
                <Chip
                  key={key}
                  {...chipProps}
                  label={item.name}
                  size="small"
                  variant={color ? 'outlined' : 'filled'}
                  sx={color ? { borderColor: color, borderWidth: 2 } : undefined}
                />
              );
            })
          }
        />
      ) : (
        <Autocomplete {...common} value={chosen[0] ?? null} onChange={(_event, next) => change(next ? [next] : [])} />
      )}
      {list.status === 'loaded' && total > shown.length && (
        <FormHelperText sx={{ mx: 1.75 }}>{nl.elements.searchMore(shown.length, total)}</FormHelperText>
      )}
      {list.status === 'failed' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {nl.elements.searchRetry}
            </Button>
          }
        >
          {nl.elements.searchUnavailable}
        </Alert>
      )}
    </Box>
  );
}
