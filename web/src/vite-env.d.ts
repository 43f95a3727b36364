/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Environment name for the admins' environment banner; defaults to Vite's mode. */
  readonly VITE_EFORM_ENVIRONMENT?: string;
  /** Base map style URL; empty for the plain local style (see config/app.ts). */
  readonly VITE_EFORM_MAP_STYLE_URL?: string;
}
