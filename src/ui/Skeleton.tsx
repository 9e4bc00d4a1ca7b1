/** A grey shimmering block standing in for content that is loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`sf-skeleton rounded-sf ${className}`} />;
}

/** A list of full-width skeleton rows, for a list still loading. */
export function ListSkeleton({ rows = 2, rowClassName = 'h-20' }: { rows?: number; rowClassName?: string }) {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, row) => <Skeleton key={row} className={`${rowClassName} w-full`} />)}
    </div>
  );
}
