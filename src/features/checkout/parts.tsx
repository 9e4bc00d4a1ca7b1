import type { ReactNode } from 'react';
import { useHeadingTags } from '../../ui/headings.tsx';

/** A titled block of the checkout. */
export function Section({ title, part, children, id }: { title: ReactNode; part: string; children: ReactNode; id: string }) {
  // One level below the screen's heading: h2 under the full page's h1, h3 under an element's h2.
  const Heading = useHeadingTags().section;
  return (
    <section part={part} aria-labelledby={id} className="flex flex-col gap-3 rounded-sf border border-black/10 bg-white p-4">
      <Heading id={id} className="m-0 text-base font-semibold">{title}</Heading>
      {children}
    </section>
  );
}

/** A pill-shaped radio choice. */
export function Choice({ checked, onChoose, children, part, name }: { checked: boolean; onChoose: () => void; children: ReactNode; part: string; name: string }) {
  return (
    <label part={checked ? `${part} ${part}-selected` : part} className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-primary ${checked ? 'border-primary bg-button text-button-text' : 'border-black/20 text-ink'}`}>
      <input type="radio" name={name} className="sr-only" checked={checked} onChange={onChoose} />
      {children}
    </label>
  );
}
