import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    /** Exposes the element as `::part(name)` to the host page. */
    part?: string;
  }
}
