/**
 * One registry per page, shared by every copy of the bundle (a page may load the
 * script tag twice, or the ESM package beside it): stores, the i18n instance and
 * other singletons are created once and found again under a global symbol.
 */
const REGISTRY_KEY = Symbol.for('storefront-elements.registry');

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  let found = holder[REGISTRY_KEY];
  if (!found) {
    found = new Map();
    holder[REGISTRY_KEY] = found;
  }
  return found;
}

/** The page-wide instance under `key`, created by `create` the first time it is asked for. */
export function shared<T>(key: string, create: () => T): T {
  const map = registry();
  if (!map.has(key)) map.set(key, create());
  return map.get(key) as T;
}

