import { Component, Suspense, lazy, useRef, type ComponentType, type ReactNode } from 'react';
import { MESSAGES, say } from '../core/i18n/messages.ts';
import { ChunkLoadError, loadChunk } from '../core/platform/chunks.ts';
import { showError } from '../core/platform/toast.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { Skeleton } from './Skeleton.tsx';

/** `load`'s component as React.lazy wants it, fetched through loadChunk (its timeout and one reload). */
function lazyComponent<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadChunk(name, load).then((component) => ({ default: component })));
}

/**
 * What stands in for a part whose code could not be fetched (after loadChunk's one reload), so the rest of
 * the element stays: `fallback`, and with `toast` the usual message (unless the page is reloading anyway).
 */
class ChunkBoundary extends Component<{ children: ReactNode; fallback: ReactNode; toast?: boolean }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (this.props.toast && !(error instanceof ChunkLoadError && error.reloading)) showError(say(MESSAGES.somethingWentWrongTryAgain));
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A part of a screen whose code is fetched the first time it is wanted (a dialog when it first opens),
 * so pages that never open it never download it. Once fetched it stays mounted, so closing and
 * opening again is instant and a dialog can hand focus back as it closes. `placeholder` holds its
 * place while the code comes (none for a dialog, which takes no room); code that cannot be fetched
 * leaves nothing in its place and says so, and the rest of the element stays.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>, placeholder: ReactNode = null): ComponentType<P & { wanted: boolean }> {
  const Part = lazyComponent(name, load);
  return function LazyPart({ wanted, ...props }: P & { wanted: boolean }) {
    const everWanted = useRef(false);
    everWanted.current ||= wanted;
    if (!everWanted.current) return null;
    return (
      <ChunkBoundary fallback={null} toast>
        <Suspense fallback={placeholder}>
          <Part {...(props as P)} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}

/** A screen of the full page fetched when its route is first shown, with a placeholder while it comes. */
export function lazyScreen<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazyComponent(name, load);
  return function LazyScreen(props: P) {
    return (
      // A screen that could not be fetched: the usual Retry, which loads the page again.
      <ChunkBoundary fallback={<LoadFailed onRetry={() => location.reload()} className="flex flex-col items-center gap-4 py-16 text-center" />}>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <Screen {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}
