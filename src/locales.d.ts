/** Catalogs compiled on import by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The utility classes' stylesheet, made at build time (vite.config.ts, scripts/utility-css.mts). */
declare module 'virtual:storefront-utilities' {
  /** The stylesheet's text when it is bundled (the single file, unit tests), else ''. */
  export const utilitiesText: string;
  /** The stylesheet's address when it is a file beside the chunks, else ''. */
  export const utilitiesUrl: string;
  /** Imports the stylesheet's text from a chunk of its own (the packages a host app bundles), else null. */
  export const loadUtilities: (() => Promise<string>) | null;
}
