import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
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
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/format';
import { nl } from '@/messages/nl-admin';
import { buyCredits, failureTexts, loadBundles, type Bundle, type Contact } from '../api';
import { toCheckout, type BuyResult } from '../checkout';
import { useClientShell } from '../client-context';
import { ContactFields, TermsCheckbox } from '../components/contact-fields';
import { checkContact, contactDefaults, readContact } from '../contact';

const t = nl.clients.creditsBuy;
const tc = nl.clients.contact;

interface CreditsBuyData {
  bundles: Bundle[];
  /** First values of the contact fields, from the client's own contact data. */
  contact: Contact;
}

/** The bundles on offer ('add client credits', checked by the shell) and the first contact values. */
export async function clientCreditsBuyLoader({ params, request }: LoaderFunctionArgs): Promise<CreditsBuyData> {
  const client_id = params.client_id ?? '';
  const [bundles, contact] = await Promise.all([loadBundles(client_id, request.signal), contactDefaults(client_id, request.signal)]);
  return { bundles, contact };
}

/**
 * Checks the bundle, the contact fields and the terms (spec 002 section 5), then `POST
 * api/clients/{id}/credit-buy` and on to the answer's checkout address.
 */
export async function clientCreditsBuyAction({ params, request }: ActionFunctionArgs): Promise<BuyResult | Response> {
  const client_id = params.client_id ?? '';
  const form = await request.formData();
  const contact = readContact(form);
  const contactErrors = checkContact(contact);
  const bundle = String(form.get('bundle') ?? '');
  const choiceError = bundle ? undefined : t.bundleRequired;
  const terms = form.get('terms') === 'on';
  if (choiceError || Object.keys(contactErrors).length > 0 || !terms) {
    return { contactErrors, choiceError, errors: [tc.checkForm] };
  }
  try {
    const ordered = await buyCredits(client_id, bundle, contact);
    return toCheckout(ordered['checkout-url'], t.failed);
  } catch (error) {
    return { errors: failureTexts(error, t.failed) };
  }
}

/**
 * Spec 002 screen 9: a bundle (its price in euros exclusive of VAT and per credit), the contact
 * fields and the terms checkbox that enables 'Bestellen'; then the checkout address.
 */
export function ClientCreditsBuyRoute() {
  const { bundles, contact } = useLoaderData<CreditsBuyData>();
  const { client } = useClientShell();
  const result = useActionData<BuyResult>();
  const busy = useNavigation().state !== 'idle' || result?.redirecting === true;
  const [bundle, setBundle] = useState(bundles.length === 1 ? (bundles[0]?.id ?? '') : '');
  const [terms, setTerms] = useState(false);
  const bundleRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (result?.choiceError) bundleRef.current?.focus();
  }, [result]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 950 }}>
      <Paper variant="outlined" component="section" aria-labelledby="credits-buy-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Form method="post" noValidate>
          <Stack spacing={3}>
            <Box>
              <Typography id="credits-buy-title" variant="h6" component="h2">
                {t.title}
              </Typography>
              <Typography color="text.secondary">{t.intro}</Typography>
            </Box>
            {result?.errors.map((text) => (
              <Alert key={text} severity="error">
                {text}
              </Alert>
            ))}
            {result?.redirecting && <Alert severity="info">{tc.redirecting}</Alert>}
            {bundles.length === 0 ? (
              <Alert severity="info">{t.noBundles}</Alert>
            ) : (
              <FormControl error={Boolean(result?.choiceError)} required>
                <FormLabel id="credits-buy-bundles">{t.bundles}</FormLabel>
                <RadioGroup aria-labelledby="credits-buy-bundles" name="bundle" value={bundle} onChange={(event) => setBundle(event.target.value)}>
                  {bundles.map((offer, index) => (
                    <FormControlLabel
                      key={offer.id}
                      value={offer.id}
                      control={<Radio slotProps={{ input: { ref: index === 0 ? bundleRef : undefined } }} />}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Typography>{t.bundle(offer.name, offer.credits)}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t.price(formatCents(offer.price), formatCents(offer.pricePerCredit))}
                          </Typography>
                        </Box>
                      }
                    />
                  ))}
                </RadioGroup>
                {result?.choiceError && <FormHelperText>{result.choiceError}</FormHelperText>}
              </FormControl>
            )}
            <ContactFields initial={contact} errors={result?.contactErrors} attempt={result} />
            <TermsCheckbox checked={terms} onChange={setTerms} />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={!terms || busy || bundles.length === 0}>
                {t.submit}
              </Button>
              <Button component={RouterLink} to={paths.client_credits.build({ client_id: client.id })}>
                {tc.cancel}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
