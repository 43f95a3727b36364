import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import {
  Form,
  Link as RouterLink,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/format';
import { nl } from '@/messages/nl-admin';
import { buyModule, failureTexts, loadModuleOffers, type Contact, type ModuleOffer } from '../api';
import { useClientShell } from '../client-context';
import { ContactFields, TermsCheckbox } from '../components/contact-fields';
import { checkContact, contactDefaults, readContact } from '../contact';
import { toCheckout, type BuyResult } from '../checkout';

const t = nl.clients.modulesBuy;
const tc = nl.clients.contact;

interface ModulesBuyData {
  /** The modules on offer and those the client holds (shown, not to choose). */
  offers: ModuleOffer[];
  contact: Contact;
}

/** The module offers ('eform edit client', checked by the shell) and the first contact values. */
export async function clientModulesBuyLoader({ params, request }: LoaderFunctionArgs): Promise<ModulesBuyData> {
  const client_id = params.client_id ?? '';
  const [offers, contact] = await Promise.all([loadModuleOffers(client_id, request.signal), contactDefaults(client_id, request.signal)]);
  // A module that is not for sale is left out, unless the client holds it.
  return { offers: offers.filter((offer) => offer.enabled || offer.owned), contact };
}

/** Whether the module can be chosen: on offer and not held yet. */
function choosable(offer: ModuleOffer): boolean {
  return offer.enabled && !offer.owned;
}

/**
 * Checks the module ('U heeft nog geen module geselecteerd.'), the contact fields and the terms,
 * then `POST api/clients/{id}/modules-buy` and on to the answer's checkout address.
 */
export async function clientModulesBuyAction({ params, request }: ActionFunctionArgs): Promise<BuyResult | Response> {
  const client_id = params.client_id ?? '';
  const form = await request.formData();
  const contact = readContact(form);
  const contactErrors = checkContact(contact);
  const selected = String(form.get('selected_module') ?? '');
  const choiceError = selected ? undefined : t.notChosen;
  const terms = form.get('terms') === 'on';
  if (choiceError || Object.keys(contactErrors).length > 0 || !terms) {
    return { contactErrors, choiceError, errors: choiceError && Object.keys(contactErrors).length === 0 ? [] : [tc.checkForm] };
  }
  try {
    const ordered = await buyModule(client_id, selected, contact);
    return toCheckout(ordered['checkout-url'], t.failed);
  } catch (error) {
    return { errors: failureTexts(error, t.failed) };
  }
}

/**
 * Spec 002 screen 11: the modules (price exclusive of VAT; those the client holds marked and
 * not to choose), preselected by `?module=` from the paid-feature wall; the contact fields and
 * the terms checkbox that enables 'Bestellen'; then the checkout address.
 */
export function ClientModulesBuyRoute() {
  const { offers, contact } = useLoaderData<ModulesBuyData>();
  const { client } = useClientShell();
  const [search] = useSearchParams();
  const result = useActionData<BuyResult>();
  const busy = useNavigation().state !== 'idle' || result?.redirecting === true;
  const asked = search.get('module') ?? '';
  const [selected, setSelected] = useState(() => (offers.some((offer) => offer.type === asked && choosable(offer)) ? asked : ''));
  const [terms, setTerms] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const open = offers.filter(choosable);

  useEffect(() => {
    if (result?.choiceError) firstRef.current?.focus();
  }, [result]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950 }}>
      <Paper variant="outlined" component="section" aria-labelledby="modules-buy-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack spacing={3}>
            <Box>
              <Typography id="modules-buy-title" variant="h6" component="h2">
                {t.title}
              </Typography>
              <Typography color="text.secondary">{t.intro}</Typography>
            </Box>
            {result?.errors.map((text) => (
              <Alert key={text} severity="error">
                {text}
              </Alert>
            ))}
            {result?.choiceError && <Alert severity="warning">{result.choiceError}</Alert>}
            {result?.redirecting && <Alert severity="info">{tc.redirecting}</Alert>}
            {offers.length === 0 ? (
              <Alert severity="info">{t.noModules}</Alert>
            ) : (
              <FormControl error={Boolean(result?.choiceError)} required>
                <FormLabel id="modules-buy-modules">{t.modules}</FormLabel>
                <RadioGroup aria-labelledby="modules-buy-modules" name="selected_module" value={selected} onChange={(event) => setSelected(event.target.value)}>
                  {offers.map((offer) => (
                    <FormControlLabel
                      key={offer.type}
                      value={offer.type}
                      disabled={!choosable(offer)}
                      control={<Radio slotProps={{ input: { ref: offer === open[0] ? firstRef : undefined } }} />}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                            <Typography>{offer.name}</Typography>
                            {offer.owned && <Chip size="small" color="success" variant="outlined" label={t.owned} />}
                          </Box>
                          {offer.description && (
                            <Typography variant="body2" color="text.secondary">
                              {offer.description}
                            </Typography>
                          )}
                          {!offer.owned && (
                            <Typography variant="body2" color="text.secondary">
                              {t.price(formatCents(offer.price))}
                            </Typography>
                          )}
                        </Box>
                      }
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
            {offers.length > 0 && open.length === 0 && <Alert severity="info">{t.allOwned}</Alert>}
            {/* Nothing to buy: no contact data to ask for either. */}
            {open.length > 0 && (
              <>
                <ContactFields initial={contact} errors={result?.contactErrors} attempt={result} />
                <TermsCheckbox checked={terms} onChange={setTerms} />
              </>
            )}
            <Stack direction="row" spacing={2}>
              {open.length > 0 && (
                <Button type="submit" variant="contained" disabled={!terms || busy}>
                  {t.submit}
                </Button>
              )}
              <Button component={RouterLink} to={paths.client_view.build({ client_id: client.id })}>
                {tc.cancel}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
