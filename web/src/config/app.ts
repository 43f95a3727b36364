/** Application version shown on the login screen and in the navigation drawer (spec 000 section 1). */
export const APP_VERSION = '1.90.2';

/**
 * Environment name for the admins' environment banner when the server does not report one in
 * user info: VITE_EFORM_ENVIRONMENT at build time (e.g. "acceptatie"), otherwise Vite's mode.
 */
export const ENVIRONMENT_NAME: string =
  import.meta.env.VITE_EFORM_ENVIRONMENT || import.meta.env.MODE;

/** User info is refetched this often while signed in (spec 000 section 9). */
export const USER_INFO_REFRESH_MS = 60_000;

/** Dialog widths in px (spec 000 section 9; `registration`, the detail of my registrations, is ours). */
export const DIALOG_WIDTH = { form: 950, subform: 800, terms: 950, success: 400, registration: 800 } as const;

/** The provider's terms and conditions, linked from the terms wall (spec 000 screen 15). */
export const TERMS_PDF_URL = 'https://www.eform.nl/algemene-voorwaarden.pdf';

/**
 * Style of the base map under every map (spec 000 section 9; DESIGN.md section 5): PDOK's
 * BRT-Achtergrondkaart vector style unless VITE_EFORM_MAP_STYLE_URL says otherwise. An empty
 * value means the plain local style (no network at all), which maps also fall back to when the
 * style cannot be fetched quickly, so features still show offline and in tests.
 */
export const BASE_MAP_STYLE_URL: string =
  import.meta.env.VITE_EFORM_MAP_STYLE_URL ??
  'https://api.pdok.nl/kadaster/brt-achtergrondkaart/ogc/v1/styles/standaard__webmercatorquad?f=json';
