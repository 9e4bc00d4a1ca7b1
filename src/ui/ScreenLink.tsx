import type { ReactNode } from 'react';
import { isRouterActive } from '../core/platform/router.ts';
import { followLink } from './links.ts';

/**
 * A text link to another screen of the full page (a tag's list, a store's feedback form), navigating in
 * place. Nothing on a vendor's page, which has no such route.
 */
export function ScreenLink({ href, part, className = '', children }: { href: string; part: string; className?: string; children: ReactNode }) {
  if (!isRouterActive()) return null;
  return (
    <a href={href} part={part} onClick={(event) => followLink(event, href)} className={`inline-flex min-h-6 items-center font-medium text-primary underline ${className}`}>
      {children}
    </a>
  );
}
