import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';

/**
 * Content still loading, for assistive technology: a busy status named "Loading…" (or `label`), so a
 * screen reader meets a named placeholder instead of silence. Its children are the visual skeleton.
 */
// The global i18n (not useLingui): a skeleton is also an island's placeholder, drawn before the catalog and its
// provider; before any language is active it says it in English.
export function Loading({ label, className = '', children }: { label?: string | undefined; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-label={label ?? (i18n.locale ? t`Loading…` : 'Loading…')} part="loading" className={className}>
      {children}
    </div>
  );
}

/**
 * A grey shimmering block standing in for content that is loading: a named busy status of its own, or,
 * with `label={false}`, one block of a larger skeleton that has the status (ListSkeleton, a screen's).
 */
export function Skeleton({ className = '', label }: { className?: string; label?: string | false }) {
  const block = <div aria-hidden="true" className={`sf-skeleton rounded-sf ${className}`} />;
  return label === false ? block : <Loading label={label}>{block}</Loading>;
}

/** A list of full-width skeleton rows, for a list still loading. */
export function ListSkeleton({ rows = 2, rowClassName = 'h-20', label }: { rows?: number; rowClassName?: string; label?: string }) {
  return (
    <Loading label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, row) => <Skeleton key={row} label={false} className={`${rowClassName} w-full`} />)}
    </Loading>
  );
}

/**
 * The room an inline island (a header button) takes once drawn, kept while it loads, so the host page's
 * line does not close up and open again. Inline styles: the stylesheet may not be in yet.
 */
export function InlineRoom({ width, height }: { width: number; height: number }) {
  return <span aria-hidden="true" style={{ display: 'inline-block', verticalAlign: 'middle', width, height }} />;
}
