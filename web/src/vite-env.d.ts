/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; '' means same origin (production, and the dev proxy). */
  readonly VITE_API_BASE?: string;
  /** Domain to look the site (agent) up by when the app runs on localhost (spec §1). */
  readonly VITE_DEV_AGENT_DOMAIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
