import { Component, Suspense, lazy, useRef, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../core/platform/chunks.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { Skeleton } from './Skeleton.tsx';

/** `load`'s component as React.lazy wants it, fetched through loadChunk (its timeout and one reload). */
function lazyComponent<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadChunk(name, load).then((component) => ({ default: component })));
}

/**
 * A part of a screen whose code is fetched the first time it is wanted (a dialog when it first opens),
 * so pages that never open it never download it. Once fetched it stays mounted, so closing and
 * opening again is instant and a dialog can hand focus back as it closes. `placeholder` holds its
 * place while the code comes (none for a dialog, which takes no room).
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>, placeholder: ReactNode = null): ComponentType<P & { wanted: boolean }> {
  const Part = lazyComponent(name, load);
  return function LazyPart({ wanted, ...props }: P & { wanted: boolean }) {
    const everWanted = useRef(false);
    everWanted.current ||= wanted;
    if (!everWanted.current) return null;
    return (
      <Suspense fallback={placeholder}>
        <Part {...(props as P)} />
      </Suspense>
    );
  };
}

/** A screen whose code could not be fetched (after the one reload): the usual Retry, which loads the page again. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailed onRetry={() => location.reload()} className="flex flex-col items-center gap-4 py-16 text-center" /> : this.props.children;
  }
}

/** A screen of the full page fetched when its route is first shown, with a placeholder while it comes. */
export function lazyScreen<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazyComponent(name, load);
  return function LazyScreen(props: P) {
    return (
      <ChunkBoundary>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <Screen {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}
