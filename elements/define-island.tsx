import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Island } from '../src/ui/Island.tsx';
import { ISLAND_MARK, isIslandClass, reportSetupError } from '../src/core/platform/setup-errors.ts';
import { adoptStyles } from '../src/ui/styles.ts';

type AttributeType = 'string' | 'number' | 'json';

export interface IslandDefinition<P extends object> {
  tag: string;
  /** Renders the feature; receives the host element and the attributes as props. */
  render: (props: P & { host: HTMLElement }) => ReactNode;
  /** Property names (camelCase) and their attribute types; attributes are their kebab-case names. */
  attributes?: { [K in keyof P]: AttributeType };
  display?: 'block' | 'inline';
  placeholder?: ReactNode;
  /** A drawer: an `open` property that mirrors the `open` attribute, for pages that open it from script. */
  openProperty?: boolean;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, before: string, letter: string) => `${before}-${letter.toLowerCase()}`);

/** An attribute's text as its property's value; undefined (the default) for text that does not parse. */
function parse(type: AttributeType, text: string): unknown {
  if (type === 'number') {
    const value = Number.parseFloat(text);
    return Number.isFinite(value) ? value : undefined;
  }
  if (type === 'json') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

/**
 * Defines a React island as a custom element with an open shadow root that adopts the shared stylesheets.
 * Each attribute is a property (camelCase) of its type; an attribute removed or set empty takes the
 * property back to its default, and the island renders again. The island mounts when the element enters
 * the document and unmounts when it leaves. Safe to call twice (a second bundle on the page).
 */
export function defineIsland<P extends object>(definition: IslandDefinition<P>): void {
  const existing = customElements.get(definition.tag);
  if (existing) {
    if (!isIslandClass(existing)) reportSetupError('tag-taken', definition.tag);
    return;
  }
  const types = (definition.attributes ?? {}) as Record<string, AttributeType>;
  const propertyOf = new Map(Object.keys(types).map((property) => [kebab(property), property]));
  const Component: ComponentType<Record<string, unknown> & { host: HTMLElement }> = ({ host, ...props }) => (
    <Island host={host} display={definition.display ?? 'block'} placeholder={definition.placeholder}>
      {definition.render({ ...(props as P), host })}
    </Island>
  );

  const properties = [...propertyOf.values(), ...(definition.openProperty ? ['open'] : [])];

  class IslandElement extends HTMLElement {
    static readonly [ISLAND_MARK] = true;
    static readonly observedAttributes = [...propertyOf.keys()];
    readonly props: Record<string, unknown> = {};
    root: Root | null = null;

    /** Values the page set on the element before its definition arrived (the loader is lazy). */
    readonly early = new Map<string, unknown>();

    constructor() {
      super();
      adoptStyles(this.attachShadow({ mode: 'open' }), definition.display);
      // Such a value is an own property hiding the accessor: kept here and set through it once connected
      // (an attribute written during the upgrade itself would not reach attributeChangedCallback).
      const own = this as unknown as Record<string, unknown>;
      for (const property of properties) {
        if (!Object.prototype.hasOwnProperty.call(this, property)) continue;
        this.early.set(property, own[property]);
        delete own[property];
      }
    }

    connectedCallback(): void {
      for (const [property, value] of this.early) (this as unknown as Record<string, unknown>)[property] = value;
      this.early.clear();
      this.root ??= createRoot(this.shadowRoot!);
      this.update();
    }

    disconnectedCallback(): void {
      this.root?.unmount();
      this.root = null;
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const property = propertyOf.get(name);
      if (property === undefined) return;
      const parsed = value ? parse(types[property]!, value) : undefined;
      if (parsed === undefined) delete this.props[property];
      else this.props[property] = parsed;
      this.update();
    }

    update(): void {
      this.root?.render(<Component {...this.props} host={this} />);
    }
  }
  // Setting a property writes its attribute, which renders the island again.
  for (const [attribute, property] of propertyOf) {
    Object.defineProperty(IslandElement.prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: IslandElement) {
        return this.props[property];
      },
      set(this: IslandElement, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, types[property] === 'json' ? JSON.stringify(value) : String(value));
      },
    });
  }
  if (definition.openProperty) {
    Object.defineProperty(IslandElement.prototype, 'open', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('open');
      },
      set(this: HTMLElement, value: unknown) {
        this.toggleAttribute('open', Boolean(value));
      },
    });
  }
  customElements.define(definition.tag, IslandElement);
}

/**
 * A drawer element's open state as the host's `open` attribute says (followed while it changes), and the
 * setter that writes it back: the drawer's `open` and `onOpenChange`.
 */
export function useOpenAttribute(host: HTMLElement): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => host.hasAttribute('open'));
  useEffect(() => {
    const observer = new MutationObserver(() => setOpen(host.hasAttribute('open')));
    observer.observe(host, { attributes: true, attributeFilter: ['open'] });
    setOpen(host.hasAttribute('open'));
    return () => observer.disconnect();
  }, [host]);
  const onOpenChange = useCallback((value: boolean) => host.toggleAttribute('open', value), [host]);
  return [open, onOpenChange];
}
