/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Browser error reporting (Sentry); off when unset. */
  readonly VITE_SENTRY_DSN?: string;
}
