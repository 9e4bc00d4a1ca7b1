import { atom, onMount } from 'nanostores';
import { shared } from './registry.ts';

/**
 * Whether the browser has a network (its `online` and `offline` events): false means no connection at all,
 * true only that there may be one. Followed while something reads it.
 */
export const $online = shared('online', () => {
  const online = atom(typeof navigator === 'undefined' || navigator.onLine !== false);
  onMount(online, () => {
    const follow = () => online.set(navigator.onLine !== false);
    follow();
    addEventListener('online', follow);
    addEventListener('offline', follow);
    return () => {
      removeEventListener('online', follow);
      removeEventListener('offline', follow);
    };
  });
  return online;
});
