import { Component, Suspense, createElement, useRef, type ComponentType, type ReactNode } from 'react';
import { MESSAGES, say } from '../core/i18n/messages.ts';
import { ChunkLoadError, loadChunk } from '../core/platform/chunks.ts';
import { showError } from '../core/platform/toast.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { Skeleton } from './Skeleton.tsx';

/** Each lazy part's and screen's `preload`, by name. */
const lazyParts = new Map<string, () => Promise<unknown>>();
/** While the server draws a screen: the lazy parts it drew (the page fetches their code before taking the screen over). */
let drawnParts: Set<string> | undefined;

/** Draws with `draw`, returning what it drew and the names of the lazy parts in it (on the server, every part's code is here). */
export function drawingParts<T>(draw: () => T): [T, string[]] {
  drawnParts = new Set();
  try {
    return [draw(), [...drawnParts]];
  } finally {
    drawnParts = undefined;
  }
}

/** Fetches the code of the named lazy parts and screens (those the server drew into the page). */
export const preloadParts = (names: readonly string[]) => Promise.all(names.map((name) => lazyParts.get(name)?.()));

/** Fetches the code of every lazy part and screen, and of those their code holds (the server, once). */
export async function preloadAllParts(): Promise<void> {
  for (let known = 0; known < lazyParts.size; ) {
    known = lazyParts.size;
    await Promise.all([...lazyParts.values()].map((preload) => preload()));
  }
}

/**
 * `load`'s component, fetched through loadChunk (its timeout and one reload) when first drawn (it suspends
 * until then, as React.lazy does) or asked for by `preload`; once here it draws at once: a screen drawn by
 * the server is taken over by the same markup, never by its placeholder. The server draws the placeholder
 * of a part whose code is not here (the page takes that over), never waits for it.
 */
function lazyComponent<P extends object>(name: string, load: () => Promise<ComponentType<P>>, placeholder: ReactNode): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () => (loading ??= loadChunk(name, load).then((component) => (loaded = component), (error: unknown) => (failure = { error })));
  lazyParts.set(name, preload);
  return (props: P) => {
    if (loaded) {
      drawnParts?.add(name);
      return createElement(loaded, props);
    }
    if (failure) throw failure.error;
    if (typeof document === 'undefined') return placeholder;
    throw preload();
  };
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
  const Part = lazyComponent(name, load, placeholder);
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

const SCREEN_PLACEHOLDER = <Skeleton className="h-64 w-full" />;

/** A screen of the full page fetched when its route is first shown, with a placeholder while it comes. */
export function lazyScreen<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazyComponent(name, load, SCREEN_PLACEHOLDER);
  return function LazyScreen(props: P) {
    return (
      // A screen that could not be fetched: the usual Retry, which loads the page again.
      <ChunkBoundary fallback={<LoadFailed onRetry={() => location.reload()} className="flex flex-col items-center gap-4 py-16 text-center" />}>
        <Suspense fallback={SCREEN_PLACEHOLDER}>
          <Screen {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}
