import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType, ReactNode } from 'react';
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

    // r2wc keeps the old value when an attribute is removed; the property goes back to its default here.
    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      if (value !== null) {
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
