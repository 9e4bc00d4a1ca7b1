import { followLink } from '../ui/links.ts';

/** A plain link of the full page's own pages: it navigates in place (followLink). */
export function Link({ href, children, className = '' }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a
      href={href}
      className={`text-ink no-underline hover:underline ${className}`}
      onClick={(event) => followLink(event, href)}
    >
      {children}
    </a>
  );
}
