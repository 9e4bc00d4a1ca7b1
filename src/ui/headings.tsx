import { createContext, forwardRef, useContext, type HTMLAttributes, type ReactNode } from 'react';

type ScreenLevel = 1 | 2;

const Level = createContext<ScreenLevel>(2);

/**
 * Sets the level of the screen headings below: 1 where a feature is the full page's screen (its heading is
 * the page's one h1), 2 where it sits in a vendor's page or under another screen's h1 (the default).
 */
export function HeadingLevel({ level, children }: { level: ScreenLevel; children: ReactNode }) {
  return <Level.Provider value={level}>{children}</Level.Provider>;
}

/** The tags for a screen's own heading, its sections' headings one level below, and the entries of a section below those. */
export function useHeadingTags(): { screen: 'h1' | 'h2'; section: 'h2' | 'h3'; entry: 'h3' | 'h4' } {
  return useContext(Level) === 1 ? { screen: 'h1', section: 'h2', entry: 'h3' } : { screen: 'h2', section: 'h3', entry: 'h4' };
}

/** A screen's own heading: h1 on the full page's screen, h2 elsewhere (see HeadingLevel). */
// forwardRef, not ref as a prop: the build renders with Preact, which keeps `ref` out of a function's props.
export const ScreenHeading = forwardRef<HTMLHeadingElement, HTMLAttributes<HTMLHeadingElement>>(function ScreenHeading(props, ref) {
  const Tag = useHeadingTags().screen;
  return <Tag ref={ref} {...props} />;
});
