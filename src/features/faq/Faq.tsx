import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { $faq, filterFaq, loadFaq } from '../../core/faq/faq.ts';
import { INPUT_CLASS } from '../../ui/Field.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { ListSkeleton } from '../../ui/Skeleton.tsx';
import { useHeadingTags } from '../../ui/headings.tsx';

/** Moves focus between the accordion's buttons with the arrow keys, Home and End. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const target = event.target as HTMLElement;
  if (!target.matches('button[aria-controls]')) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button[aria-controls]'));
  const at = buttons.indexOf(target as HTMLButtonElement);
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1
    : (at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[next]?.focus();
}

/**
 * The vendor's frequently asked questions: a search box narrowing the questions and answers as the
 * customer types (the count announced politely), and an accordion of questions whose buttons open
 * their answers.
 */
export function Faq() {
  const { t } = useLingui();
  const state = useStore($faq);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const id = useId();
  const typed = useRef(false);
  useEffect(() => void loadFaq(), []);

  const { screen: Heading, section: QuestionHeading } = useHeadingTags();
  const heading = <Heading part="heading" className="m-0 mb-4 text-2xl font-bold"><Trans>Frequently asked questions</Trans></Heading>;

  if (state.status === 'failed') {
    return <section part="base">{heading}<LoadFailed onRetry={() => void loadFaq(true)} /></section>;
  }
  if (state.status !== 'ready') {
    return (
      <section part="base">
        {heading}
        <div part="skeleton"><ListSkeleton rows={4} rowClassName="h-12" label={t`Loading questions`} /></div>
      </section>
    );
  }
  if (state.entries.length === 0) {
    return (
      <section part="base">
        {heading}
        <p part="empty" className="m-0 py-6 text-muted"><Trans>This store has not published any questions yet.</Trans></p>
      </section>
    );
  }
  const shown = filterFaq(state.entries, deferred);
  const count = shown.length;
  const toggle = (entryId: number) => setOpen((before) => {
    const next = new Set(before);
    if (next.has(entryId)) next.delete(entryId); else next.add(entryId);
    return next;
  });

  return (
    <section part="base" className="flex flex-col gap-4">
      {heading}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-search`} className="text-sm font-medium"><Trans>Search questions</Trans></label>
        <input
          id={`${id}-search`}
          part="search"
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => {
            typed.current = true;
            setQuery(event.target.value);
          }}
          className={INPUT_CLASS}
        />
      </div>
      {/* Announced after the customer types, not on load. */}
      <p part="count" role="status" aria-live="polite" className="m-0 text-sm text-muted">
        {typed.current ? plural(count, { one: '# question found', other: '# questions found' }) : ''}
      </p>
      {count === 0 ? (
        <p part="no-match" className="m-0 py-4"><Trans>No question matches your search. Try other words, or contact support.</Trans></p>
      ) : (
        <ul part="questions" className="m-0 flex list-none flex-col gap-2 p-0" onKeyDown={moveFocus}>
          {shown.map((entry) => {
            const expanded = open.has(entry.id);
            const panel = `${id}-a${entry.id}`;
            const button = `${id}-q${entry.id}`;
            return (
              <li key={entry.id} part="question" className="rounded-sf border border-black/15">
                <QuestionHeading className="m-0 text-base font-semibold">
                  <button
                    id={button}
                    type="button"
                    part="toggle"
                    aria-expanded={expanded}
                    aria-controls={panel}
                    onClick={() => toggle(entry.id)}
                    className="flex min-h-11 w-full items-center justify-between gap-3 bg-transparent px-4 py-2 text-start text-ink"
                  >
                    <span>{entry.question}</span>
                    <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 shrink-0 motion-safe:transition-transform ${expanded ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
                      <path d="m6 9 6 6 6-6" />
                    </svg>
                  </button>
                </QuestionHeading>
                <div id={panel} part="answer" role="region" aria-labelledby={button} hidden={!expanded} className="whitespace-pre-line px-4 pb-3">
                  {entry.answer}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
