import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { failureTexts } from '@/lib/api/failure';
import { centsToEuroText, parseEuros } from '@/lib/format';
import { moduleLabel } from '@/lib/modules';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { createBundleOffer, updateBundleOffer, updateModuleOffer, type BundleInput, type BundleOffer, type ModuleInput, type ModuleOfferEdit } from '../api';

const t = nl.adminDashboard;

type Problems = Partial<Record<'name' | 'credits' | 'price' | 'position', string>>;

interface BundleDraft {
  name: string;
  credits: string;
  price: string;
  position: string;
  enabled: boolean;
}

function draftOf(bundle: BundleOffer | null, nextPosition: number): BundleDraft {
  return {
    name: bundle?.name ?? '',
    credits: bundle ? String(bundle.credits ?? '') : '',
    price: bundle ? centsToEuroText(bundle.price ?? 0) : '',
    position: String(bundle?.position ?? nextPosition),
    enabled: bundle?.enabled ?? true,
  };
}

/** A bundle as the server takes it (a name, credits above 0, a price of 0 or more), or what is wrong. */
export function checkBundle(draft: BundleDraft): { bundle?: BundleInput; problems: Problems } {
  const problems: Problems = {};
  const name = draft.name.trim();
  const credits = /^\d+$/.test(draft.credits.trim()) ? Number(draft.credits.trim()) : NaN;
  const price = parseEuros(draft.price);
  const position = /^-?\d+$/.test(draft.position.trim()) ? Number(draft.position.trim()) : NaN;
  if (!name) problems.name = t.nameRequired;
  if (!Number.isSafeInteger(credits) || credits <= 0) problems.credits = t.creditsInvalid;
  if (price === undefined) problems.price = t.priceInvalid;
  if (!Number.isSafeInteger(position)) problems.position = t.positionInvalid;
  if (Object.keys(problems).length > 0 || price === undefined) return { problems };
  return { bundle: { name, credits, price, position, enabled: draft.enabled }, problems };
}

interface BundleEditorsProps {
  bundles: BundleOffer[];
  onSaved(): void | Promise<void>;
}

/**
 * The credit bundles on offer (decision 022): name, credits, price in euros (stored in cents,
 * exclusive of VAT), whether it is for sale and its place in the list; each saved on its own,
 * and a new one added below.
 */
export function BundleEditors({ bundles, onSaved }: BundleEditorsProps) {
  const [adding, setAdding] = useState(0);
  const nextPosition = bundles.reduce((max, bundle) => Math.max(max, bundle.position ?? 0), 0) + 1;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {bundles.length === 0 && <Typography color="text.secondary">{t.bundlesEmpty}</Typography>}
      {bundles.map((bundle) => (
        <BundleEditor key={`${bundle.id}-${bundle.name}-${bundle.price}-${bundle.credits}-${bundle.enabled}-${bundle.position}`} bundle={bundle} nextPosition={nextPosition} onSaved={onSaved} />
      ))}
      <BundleEditor
        key={`new-${adding}`}
        bundle={null}
        nextPosition={nextPosition}
        onSaved={async () => {
          setAdding((count) => count + 1);
          await onSaved();
        }}
      />
    </Box>
  );
}

function BundleEditor({ bundle, nextPosition, onSaved }: { bundle: BundleOffer | null; nextPosition: number; onSaved(): void | Promise<void> }) {
  const titleId = useId();
  const [draft, setDraft] = useState(() => draftOf(bundle, nextPosition));
  const [problems, setProblems] = useState<Problems>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof BundleDraft>(key: K, value: BundleDraft[K]) => setDraft((before) => ({ ...before, [key]: value }));
  const title = bundle ? bundle.name ?? '' : t.newBundle;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBundle(draft);
    setProblems(checked.problems);
    setErrors([]);
    if (!checked.bundle) return;
    setBusy(true);
    try {
      const saved = bundle?.id ? await updateBundleOffer(bundle.id, checked.bundle) : await createBundleOffer(checked.bundle);
      const name = saved.name ?? checked.bundle.name;
      showToast(bundle ? t.bundleSaved(name) : t.bundleAdded(name), { severity: 'success' });
      setBusy(false);
      await onSaved();
    } catch (error) {
      setErrors(failureTexts(error, t.saveFailed));
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="form" noValidate aria-labelledby={titleId} onSubmit={submit} sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="bundle-editor">
      <Typography id={titleId} variant="subtitle1" component="h4">
        {title}
      </Typography>
      {errors.map((text) => (
        <Alert key={text} severity="error">
          {text}
        </Alert>
      ))}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1fr' } }}>
        <TextField size="small" label={t.name} value={draft.name} onChange={(event) => set('name', event.target.value)} required error={Boolean(problems.name)} helperText={problems.name} />
        <TextField
          size="small"
          label={t.credits}
          value={draft.credits}
          onChange={(event) => set('credits', event.target.value)}
          required
          error={Boolean(problems.credits)}
          helperText={problems.credits}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          label={t.price}
          value={draft.price}
          onChange={(event) => set('price', event.target.value)}
          required
          error={Boolean(problems.price)}
          helperText={problems.price}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          size="small"
          label={t.position}
          value={draft.position}
          onChange={(event) => set('position', event.target.value)}
          error={Boolean(problems.position)}
          helperText={problems.position}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel control={<Switch checked={draft.enabled} onChange={(event) => set('enabled', event.target.checked)} />} label={t.enabled} />
        <Button type="submit" variant={bundle ? 'outlined' : 'contained'} startIcon={bundle ? undefined : <AddIcon />} disabled={busy} aria-label={bundle ? t.saveBundle(title) : undefined}>
          {bundle ? t.save : t.addBundle}
        </Button>
      </Box>
    </Paper>
  );
}

interface ModuleDraft {
  name: string;
  description: string;
  price: string;
  enabled: boolean;
}

/** A module's offer as the server takes it (a name, a price of 0 or more), or what is wrong. */
export function checkModule(draft: ModuleDraft): { offer?: ModuleInput; problems: Problems } {
  const problems: Problems = {};
  const name = draft.name.trim();
  const price = parseEuros(draft.price);
  if (!name) problems.name = t.nameRequired;
  if (price === undefined) problems.price = t.priceInvalid;
  if (Object.keys(problems).length > 0 || price === undefined) return { problems };
  return { offer: { name, description: draft.description.trim(), price, enabled: draft.enabled }, problems };
}

/** The module offers: name, description, price in euros and whether it is for sale; each saved on its own. */
export function ModuleEditors({ modules, onSaved }: { modules: ModuleOfferEdit[]; onSaved(): void | Promise<void> }) {
  if (modules.length === 0) return <Typography color="text.secondary">{t.modulesEmpty}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {modules.map((offer) => (
        <ModuleEditor key={`${offer.type}-${offer.name}-${offer.price}-${offer.enabled}-${offer.description}`} offer={offer} onSaved={onSaved} />
      ))}
    </Box>
  );
}

function ModuleEditor({ offer, onSaved }: { offer: ModuleOfferEdit; onSaved(): void | Promise<void> }) {
  const titleId = useId();
  const [draft, setDraft] = useState<ModuleDraft>(() => ({
    name: offer.name ?? '',
    description: offer.description ?? '',
    price: centsToEuroText(offer.price ?? 0),
    enabled: offer.enabled ?? true,
  }));
  const [problems, setProblems] = useState<Problems>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ModuleDraft>(key: K, value: ModuleDraft[K]) => setDraft((before) => ({ ...before, [key]: value }));
  const type = offer.type ?? '';
  const title = `${offer.name ?? type} (${moduleLabel(type)})`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkModule(draft);
    setProblems(checked.problems);
    setErrors([]);
    if (!checked.offer) return;
    setBusy(true);
    try {
      const saved = await updateModuleOffer(type, checked.offer);
      showToast(t.moduleSaved(saved.name ?? checked.offer.name), { severity: 'success' });
      setBusy(false);
      await onSaved();
    } catch (error) {
      setErrors(failureTexts(error, t.saveFailed));
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="form" noValidate aria-labelledby={titleId} onSubmit={submit} sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="module-editor">
      <Typography id={titleId} variant="subtitle1" component="h4">
        {title}
      </Typography>
      {errors.map((text) => (
        <Alert key={text} severity="error">
          {text}
        </Alert>
      ))}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField size="small" label={t.name} value={draft.name} onChange={(event) => set('name', event.target.value)} required error={Boolean(problems.name)} helperText={problems.name} />
        <TextField
          size="small"
          label={t.price}
          value={draft.price}
          onChange={(event) => set('price', event.target.value)}
          required
          error={Boolean(problems.price)}
          helperText={problems.price}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          size="small"
          label={t.description}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
          multiline
          minRows={2}
          sx={{ gridColumn: { md: '1 / -1' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel control={<Switch checked={draft.enabled} onChange={(event) => set('enabled', event.target.checked)} />} label={t.enabled} />
        <Button type="submit" variant="outlined" disabled={busy} aria-label={t.saveModule(title)}>
          {t.save}
        </Button>
      </Box>
    </Paper>
  );
}
