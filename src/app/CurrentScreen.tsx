import { useStore } from '@nanostores/react';
import { $route } from '../core/platform/router.ts';
import { routeEntry } from './routes.tsx';

/** The screen of the current route, from the route table (routes.tsx). */
export function CurrentScreen({ host, layout }: { host: HTMLElement; layout?: string }) {
  const route = useStore($route);
  const { Screen } = routeEntry(route);
  return <Screen route={route} host={host} layout={layout} />;
}
