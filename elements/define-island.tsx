import r2wc from '@r2wc/react-to-web-component';
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Island } from '../src/ui/Island.tsx';
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
}

const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');

function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Defines a React island as a custom element with an open shadow root that
 * adopts the shared stylesheet. Safe to call twice (a second bundle on the page).
 */
export function defineIsland<P extends object>(definition: IslandDefinition<P>): void {
  if (customElements.get(definition.tag)) return;
  const Root: ComponentType<P & { container: ShadowRoot }> = (props) => {
    const host = props.container.host as HTMLElement;
    return (
      <Island host={host} display={definition.display ?? 'block'} placeholder={definition.placeholder}>
        {definition.render({ ...props, host })}
      </Island>
    );
  };
  const Base = r2wc(Root as ComponentType<object>, { shadow: 'open', props: (definition.attributes ?? {}) as Record<string, AttributeType> }) as unknown as {
    new (): HTMLElement & { attributeChangedCallback(name: string, old: string | null, value: string | null): void };
  };

  class IslandElement extends Base {
    constructor() {
      super();
      adoptStyles(this.shadowRoot!, definition.display);
    }

    // r2wc ignores an attribute removed or set empty (a boolean attribute set bare) and keeps the old value.
    // Here either takes the property back to its default (as r2wc reads an empty attribute at start) and the
    // island renders again, so a render that reads a boolean attribute itself sees it change.
    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      if (value) {
        super.attributeChangedCallback(name, old, value);
        return;
      }
      const self = this as unknown as Record<symbol, Record<string, unknown> & (() => void)>;
      delete self[R2WC_PROPS]![camel(name)];
      (self[R2WC_RENDER] as unknown as () => void).call(this);
    }
  }
  customElements.define(definition.tag, IslandElement);
}

/** Gives a drawer element an `open` property that mirrors its `open` attribute, for pages that open it from script. */
export function reflectOpenProperty(tag: string): void {
  const element = customElements.get(tag);
  if (!element || Object.getOwnPropertyDescriptor(element.prototype, 'open')) return;
  Object.defineProperty(element.prototype, 'open', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('open');
    },
    set(this: HTMLElement, value: unknown) {
      this.toggleAttribute('open', Boolean(value));
    },
  });
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
