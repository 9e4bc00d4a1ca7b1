import { encodeId } from '../core/platform/ids.ts';
import { isRouterActive, navigate } from '../core/platform/router.ts';

/** A store's link from a template: `{id}` is the base64 store id, `{slug}` its slug. */
export function storeLink(template: string, id: number, slug = ''): string {
  return template.replace('{id}', encodeURIComponent(encodeId(id))).replace('{slug}', encodeURIComponent(slug));
}

/** Inside the full-page app a link navigates in place; elsewhere the browser follows it. */
export function followLink(event: React.MouseEvent<HTMLAnchorElement>, href: string): void {
  if (!isRouterActive() || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigate(href);
}
