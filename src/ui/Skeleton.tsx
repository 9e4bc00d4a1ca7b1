/** A grey shimmering block standing in for content that is loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`sf-skeleton rounded-sf ${className}`} />;
}
