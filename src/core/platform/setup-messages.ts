import { $config } from './config.ts';
import { emitHostEvent } from './host-events.ts';
import { shared } from './registry.ts';
import type { SetupErrorCode } from './setup-errors.ts';

const said = shared('setup.said', () => new Set<string>());

/** What went wrong and how to fix it, for the page's developer (English, like every console message). */
function messageOf(code: SetupErrorCode, detail: string): string {
  switch (code) {
    case 'tag-taken':
      return `<${detail}> is already defined by another script on this page, so the storefront's <${detail}> is not used. Remove that other definition, or load the storefront before it.`;
    case 'api-unreachable': {
      const { apiBase, host } = $config.get();
      return `The vendor settings for ${host} could not be loaded from ${apiBase}/get-vendor-settings (${detail}). If the API is elsewhere, call configure({ apiBase: 'https://api.example.com/api/v2', host: 'shop.example.com' }) before the elements appear, or set data-api and data-host on the script tag.`;
    }
    case 'styles':
      return `The storefront's stylesheet could not be loaded, so its elements look plain (${detail}). Serve the package's files as they are, its .css files as text/css.`;
  }
}

/** Logs the message and dispatches `sf-error`, once per page for the same message. */
export function sayOnce(code: SetupErrorCode, detail: string): void {
  const message = messageOf(code, detail);
  if (said.has(message)) return;
  said.add(message);
  console.error(`[storefront] ${message}`);
  emitHostEvent('sf-error', { code, message });
}
