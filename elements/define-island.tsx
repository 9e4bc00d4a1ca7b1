import r2wc from '@r2wc/react-to-web-component';
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Island } from '../src/ui/Island.tsx';
import { ISLAND_MARK, isIslandClass, reportSetupError } from '../src/core/platform/setup-errors.ts';
import { adoptStyles } from '../src/ui/styles.ts';
import { R2WC_CONTEXT, R2WC_PROPS, R2WC_RENDER, type R2wcElement } from './r2wc-element.ts';
import { takeOverRendered } from './served-island.ts';

type AttributeType = 'string' | 'number';

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
  /**
   * Takes over what the server drew into the element's shadow root, if it holds any (served-island.ts):
   * true when it does, and it then calls `connected` once the island's own first render has been made.
   * By default as the render endpoint draws an element into a vendor's page (served-element.ts).
   */
  takeOver?: (element: R2wcElement, Component: ComponentType<never>, connected: () => void) => boolean;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, before: string, letter: string) => `${before}-${letter.toLowerCase()}`);

/** An attribute's text as its property's value; undefined (the default) for text that does not parse. */
function parse(type: AttributeType, text: string): unknown {
  if (type === 'number') {
    const value = Number.parseFloat(text);
    return Number.isFinite(value) ? value : undefined;
  }
  return text;
}

/**
 * The island's props from its element's attributes (by attribute name), by the rules below: what the
 * server draws an element with (server-render.tsx), as the element in the browser will have them.
 */
export function propsOfAttributes(definition: IslandDefinition<never>, attributes: Readonly<Record<string, string | undefined>>): Record<string, unknown> {
  const types = (definition.attributes ?? {}) as Record<string, AttributeType>;
  return Object.fromEntries(Object.entries(types).flatMap(([property, type]) => {
    const text = attributes[kebab(property)];
    const value = text ? parse(type, text) : undefined;
    return value === undefined ? [] : [[property, value]];
  }));
}

/**
 * Defines a React island as a custom element: r2wc (@r2wc/react-to-web-component) makes the element, with
 * an open shadow root it renders the island into (a React root made when the element enters the document,
 * unmounted when it leaves), and this adds what the storefront needs around it: the shared stylesheets
 * adopted into the shadow root, and its attribute rules. Each attribute is a property (camelCase) of its
 * type; an attribute removed or set empty, or a number that does not parse, takes the property back to its
 * default (r2wc would keep the old value), and the island renders again; a value the page set before the
 * definition arrived is taken over. Safe to call twice (a second bundle on the page). Returns the definition
 * (the server draws an element from it).
 */
export function defineIsland<P extends object>(definition: IslandDefinition<P>): IslandDefinition<P> {
  const existing = customElements.get(definition.tag);
  if (existing) {
    if (!isIslandClass(existing)) reportSetupError('tag-taken', definition.tag);
    return definition;
  }
  const types = (definition.attributes ?? {}) as Record<string, AttributeType>;
  const propertyOf = new Map(Object.keys(types).map((property) => [kebab(property), property]));
  // r2wc gives the component the shadow root it renders into as `container`: its host is the element.
  const Component = ({ container, ...props }: Record<string, unknown> & { container: ShadowRoot }) => {
    const host = container.host as HTMLElement;
    return (
      <Island host={host} display={definition.display ?? 'block'} placeholder={definition.placeholder}>
        {definition.render({ ...(props as P), host })}
      </Island>
    );
  };
  const Base = r2wc(Component, { shadow: 'open', props: types }) as unknown as { new (): R2wcElement };
  const properties = [...propertyOf.values(), ...(definition.openProperty ? ['open'] : [])];

  class IslandElement extends Base {
    static readonly [ISLAND_MARK] = true;
    /** Values the page set on the element before its definition arrived (the loader is lazy). */
    readonly early = new Map<string, unknown>();

    constructor() {
      super();
      adoptStyles(this.shadowRoot!, definition.display);
      for (const [attribute, property] of propertyOf) this.take(property, this.getAttribute(attribute));
      // Such a value is an own property hiding the accessor: kept here and set through it once connected
      // (an attribute written during the upgrade itself would not reach attributeChangedCallback).
      const own = this as unknown as Record<string, unknown>;
      for (const property of properties) {
        if (!Object.prototype.hasOwnProperty.call(this, property)) continue;
        this.early.set(property, own[property]);
        delete own[property];
      }
    }

    /** A shadow root the server drew (declarative shadow DOM) is kept as it is, to be taken over. */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }

    override connectedCallback(): void {
      for (const [property, value] of this.early) (this as unknown as Record<string, unknown>)[property] = value;
      this.early.clear();
      if (this.takingOver || (definition.takeOver ?? takeOverRendered)(this, Component, () => super.connectedCallback())) return;
      super.connectedCallback();
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const property = propertyOf.get(name);
      if (property === undefined) return;
      this.take(property, value);
      // Once rendered: an element being upgraded hears its attributes before it is connected, and one whose
      // shadow root the server drew renders first when it takes that over (served-island.ts).
      if (this[R2WC_CONTEXT]) this[R2WC_RENDER]();
    }

    /** An attribute's value as the prop the island renders with, by the rules above. */
    take(property: string, value: string | null): void {
      const parsed = value ? parse(types[property]!, value) : undefined;
      if (parsed === undefined) delete this[R2WC_PROPS][property];
      else this[R2WC_PROPS][property] = parsed;
    }
  }
  // Setting a property writes its attribute, which renders the island again.
  for (const [attribute, property] of propertyOf) {
    Object.defineProperty(IslandElement.prototype, property, {
      configurable: true,
      enumerable: true,
      get(this: IslandElement) {
        return this[R2WC_PROPS][property];
      },
      set(this: IslandElement, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
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
  return definition;
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
