import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { MenuItem, MenuOptionGroup } from '../../../contract/api/menu.ts';
import { fromMinor } from '../../../contract/rules/money.ts';
import { formatNumber, formatPrice, type MoneyFormat } from '../../core/i18n/money.ts';
import {
  clampQuantity, groupRule, lineTotalMinor, maxQuantity, selectionProblems, toggleOption,
  type GroupProblem, type Selection,
} from '../../core/menu/options.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FoodMarker } from '../../ui/FoodMarker.tsx';

export interface CustomiseDialogProps {
  item: MenuItem | null;
  money: MoneyFormat;
  minorDigits: number;
  onClose: () => void;
  onConfirm: (item: MenuItem, selection: Selection, quantity: number) => void;
}

function RuleText({ group }: { group: MenuOptionGroup }) {
  const rule = groupRule(group);
  const { min, max } = rule;
  const choose =
    rule.kind === 'one' ? <Trans>Choose 1</Trans>
    : rule.kind === 'exactly' ? <Trans>Choose {min}</Trans>
    : rule.kind === 'up-to' ? <Trans>Choose up to {max}</Trans>
    : rule.kind === 'at-least' ? <Trans>Choose at least {min}</Trans>
    : <Trans>Choose {min} to {max}</Trans>;
  return (
    <span className="text-sm font-normal text-muted">
      {rule.required ? <Trans>Required</Trans> : <Trans>Optional</Trans>} · {choose}
    </span>
  );
}

function ProblemText({ problem }: { problem: GroupProblem }) {
  if (problem.kind === 'required') return <Trans>Please choose an option.</Trans>;
  // Counted nouns take the language's plural forms (Arabic has six).
  if (problem.kind === 'too-few') {
    return <>{plural(problem.min, { one: 'Please choose at least # option.', other: 'Please choose at least # options.' })}</>;
  }
  return <>{plural(problem.max, { one: 'Please choose at most # option.', other: 'Please choose at most # options.' })}</>;
}

/** Customising an item before it becomes a cart line: option groups with their rules, a quantity stepper and the running total. */
export function CustomiseDialog({ item, money, minorDigits, onClose, onConfirm }: CustomiseDialogProps) {
  const { t } = useLingui();
  const [selection, setSelection] = useState<Selection>({});
  const [quantity, setQuantity] = useState(1);
  // A group's problem shows once the customer has changed that group or pressed Add, not on opening.
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();

  useEffect(() => {
    setSelection({});
    setQuantity(1);
    setTouched(new Set());
    setSubmitted(false);
  }, [item?.item_id]);

  const problems = item ? selectionProblems(item, selection) : new Map<number, GroupProblem>();
  const total = item ? fromMinor(lineTotalMinor(item, selection, quantity, minorDigits), minorDigits) : 0;
  const limit = item ? maxQuantity(item) : 1;
  const name = item?.name ?? '';
  const totalText = formatPrice(total, money);

  return (
    <Dialog open={item !== null} title={name} onClose={onClose} part="customise-dialog" className="max-h-[calc(100vh-2rem)] overflow-y-auto">
      {item && (
        <form
          className="flex flex-col gap-4"
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (problems.size === 0) {
              onConfirm(item, selection, quantity);
              return;
            }
            setSubmitted(true);
            // The first group to fix takes the focus; its message is read out with it.
            requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('fieldset[data-problem] input:not([disabled])')?.focus());
          }}
        >
          <div className="flex items-start gap-2">
            <FoodMarker type={item.item_type} />
            {item.description && <p className="m-0 text-sm text-muted">{item.description}</p>}
          </div>
          {item.customizations.map((group) => {
            const rule = groupRule(group);
            const chosen = selection[group.group_id] ?? [];
            const problem = submitted || touched.has(group.group_id) ? problems.get(group.group_id) : undefined;
            const messageId = `${baseId}-g${group.group_id}-msg`;
            return (
              <fieldset
                key={group.group_id}
                part="option-group"
                className="m-0 flex flex-col gap-1 rounded-sf border border-black/10 p-3"
                aria-describedby={problem ? messageId : undefined}
                data-problem={problem ? '' : undefined}
              >
                <legend className="px-1 font-semibold">
                  {group.name} <RuleText group={group} />
                </legend>
                {group.options.map((option) => {
                  const checked = chosen.includes(option.option_id);
                  const full = rule.control === 'checkbox' && !checked && chosen.length >= rule.max;
                  const optionPrice = option.price > 0 ? `+${formatPrice(option.price, money)}` : '';
                  return (
                    <label key={option.option_id} className={`flex items-center gap-3 rounded px-1 py-1.5 ${full ? 'opacity-60' : 'cursor-pointer hover:bg-black/5'}`}>
                      <input
                        type={rule.control}
                        name={`${baseId}-g${group.group_id}`}
                        value={option.option_id}
                        checked={checked}
                        disabled={full}
                        required={rule.control === 'radio' && rule.required}
                        onChange={() => {
                          setSelection((current) => toggleOption(group, current, option.option_id));
                          setTouched((current) => new Set(current).add(group.group_id));
                        }}
                        className="h-4 w-4 shrink-0"
                      />
                      <span className="flex-1">{option.name}</span>
                      {optionPrice && <span className="text-sm text-muted">{optionPrice}</span>}
                    </label>
                  );
                })}
                {problem && (
                  <p id={messageId} part="option-group-message" role="alert" className="m-0 text-sm text-red-700">
                    <ProblemText problem={problem} />
                  </p>
                )}
              </fieldset>
            );
          })}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div role="group" aria-label={t`Quantity`} className="flex items-center gap-1" part="quantity">
              <Button
                variant="secondary"
                className="h-9 w-9 px-0 py-0"
                aria-label={t`Decrease quantity`}
                disabled={quantity <= 1}
                onClick={() => setQuantity((value) => clampQuantity(value - 1, item))}
              >
                −
              </Button>
              <output aria-live="polite" aria-label={t`Quantity`} className="min-w-[2.5rem] text-center font-semibold">
                {formatNumber(quantity, money.locale, 0, 0)}
              </output>
              <Button
                variant="secondary"
                className="h-9 w-9 px-0 py-0"
                aria-label={t`Increase quantity`}
                disabled={quantity >= limit}
                onClick={() => setQuantity((value) => clampQuantity(value + 1, item))}
              >
                +
              </Button>
            </div>
            <p className="m-0 font-semibold" part="total" aria-live="polite">
              <Trans>Total: {totalText}</Trans>
            </p>
          </div>
          {Number.isFinite(limit) && (
            <p className="m-0 text-sm text-muted">
              <Trans>Only {limit} available.</Trans>
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" part="confirm-button">
              <Trans>Add to cart</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
