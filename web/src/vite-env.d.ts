/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Environment name for the admins' environment banner; defaults to Vite's mode. */
  readonly VITE_EFORM_ENVIRONMENT?: string;
}
