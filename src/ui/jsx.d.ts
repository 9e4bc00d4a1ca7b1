import 'react';

declare module 'react' {
  // The augmentation must repeat React's type parameter, though it does not use it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /** Exposes the element as `::part(name)` to the host page. */
    part?: string;
  }
}
