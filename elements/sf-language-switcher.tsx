import { LanguageSwitcher } from '../src/features/language/LanguageSwitcher.tsx';
import { InlineRoom } from '../src/ui/Skeleton.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The language selector; renders nothing when the vendor offers one language. Choosing a language stores it and reloads the page.
 *
 * @tag sf-language-switcher
 * @event sf-locale-change - A language was chosen; the page reloads next. `detail: { locale }`.
 * @csspart base - The island's root.
 * @csspart select - The select box.
 */
export type SfLanguageSwitcherAttributes = Record<string, never>;

defineIsland<SfLanguageSwitcherAttributes>({
  tag: 'sf-language-switcher',
  display: 'inline',
  placeholder: <InlineRoom width={101} height={34} />,
  render: ({ host }) => <LanguageSwitcher host={host} />,
});
