import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { GroupPart, GroupView } from '../../../contract/api/group-orders.ts';
import {
  $group, cancelGroup, followGroup, groupLink, leaveGroup, leaveLocally, lockGroup, markReady, refreshGroup, removePart, takeShareReturn,
} from '../../core/group-orders/group-order.ts';
import { statusLabel } from '../../core/orders/orders.ts';
import { followLink } from '../../ui/links.ts';
import { orderLink } from '../../ui/order-link.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { showToast } from '../../core/platform/toast.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { GroupCheckout } from './GroupCheckout.tsx';

/** When the group locks itself, as the customer reads a time. */
function lockTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale || undefined, { timeStyle: 'short' }).format(date);
}

/** The group's link and code, to pass on: the phone's share sheet where there is one, else copied. */
function ShareGroup({ view, joinPage }: { view: GroupView; joinPage: string | undefined }) {
  const { t } = useLingui();
  const link = groupLink(view, location.href, joinPage);
  const share = async () => {
    const text = t`Join my group order at ${view.restaurant_name}: code ${view.code}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: view.restaurant_name, text, url: link });
        return;
      } catch {
        // Put aside by the customer, or refused: the link is copied instead.
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      showToast(t`Group link copied`, { kind: 'success' });
    } catch {
      // No clipboard here: the link stays in the field below to copy by hand.
    }
  };
  return (
    <div part="group-invite" className="flex flex-col gap-2">
      <p className="m-0">
        <Trans>Code</Trans>{' '}
        <strong part="group-code" dir="ltr" className="font-mono text-lg tracking-widest">{view.code}</strong>
      </p>
      <Button part="group-share-link" variant="secondary" className="w-fit" onClick={() => void share()}><Trans>Share the group link</Trans></Button>
      <label className="flex flex-col gap-1 text-sm">
        <span><Trans>Anyone with this link can join until the group is locked:</Trans></span>
        <input part="group-link" readOnly value={link} dir="ltr" onFocus={(event) => event.currentTarget.select()} className="min-h-10 w-full rounded-sf border border-gray-500 px-2" />
      </label>
    </div>
  );
}

/** One person's part: their name, whether it is ready, its items and what they come to. */
function Part({ part, view, canRemove }: { part: GroupPart; view: GroupView; canRemove: boolean }) {
  const { t } = useLingui();
  const money = useStore($moneyFormat);
  const headingId = useId();
  return (
    <li part="group-part" aria-labelledby={headingId} className="flex flex-col gap-1 rounded-sf border border-black/10 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="m-0 text-base font-semibold">
          <bdi>{part.name}</bdi>
          {part.is_me ? ` ${t`(you)`}` : ''}
          {part.member_id === view.host_member_id ? ` · ${t`host`}` : ''}
        </h3>
        <span part="group-part-state" className="text-sm">{part.ready ? t`Ready` : t`Still choosing`}</span>
      </div>
      {part.lines.length === 0 ? (
        <p className="m-0 text-sm text-muted"><Trans>Nothing yet.</Trans></p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-1 p-0 text-sm">
          {part.lines.map((line, index) => (
            <li key={index} className="flex justify-between gap-2">
              <span><bdi>{line.quantity} × {line.name}</bdi>{line.selected_type.length > 0 ? ` (${line.selected_type.join(', ')})` : ''}</span>
              <span>{formatPrice(line.line_total, money)}</span>
            </li>
          ))}
        </ul>
      )}
      <p part="group-part-total" className="m-0 text-sm font-medium"><Trans>Subtotal {formatPrice(part.items_total, money)}</Trans></p>
      {canRemove && (
        <Button variant="ghost" className="w-fit border border-black/20" onClick={() => void removePart(part.member_id)}>
          <Trans>Remove {part.name}'s part</Trans>
        </Button>
      )}
    </li>
  );
}

export interface GroupPanelProps {
  /** The element the panel is in (embedded: where `sf-sign-in-required` starts). */
  host?: HTMLElement | undefined;
  /** The page the others join on (a vendor's own page with the panel); default the store's menu here. */
  joinPage?: string | undefined;
  /** The host's link to the order placed; `{id}` is the order id. Default `/order-status/{id}`. */
  orderHref?: string | undefined;
  /** Once the group has ended (placed, cancelled, expired): this browser leaves it to start another. */
  onNewGroup?: (() => void) | undefined;
}

/**
 * The group order (docs/behaviour.md#group-orders): its code and link, every person's part as it changes
 * live, and what the caller may do: mark their part ready or leave; the host removes parts, locks, unlocks
 * and cancels. The customer's cart is their part while the group is open.
 */
export function GroupPanel({ host, joinPage, orderHref = '/order-status/{id}', onNewGroup }: GroupPanelProps) {
  const { t } = useLingui();
  const state = useStore($group);
  const locale = useStore($locale);
  const productTypeId = useStore($settings)?.product_type?.id ?? null;
  const [busy, setBusy] = useState(false);
  useEffect(() => followGroup(), []);
  useEffect(() => {
    // Back from a share's payment page: what it came to, said once.
    const outcome = takeShareReturn();
    if (!outcome) return;
    void refreshGroup();
    if (outcome === 'paid') showToast(t`Your share is paid.`, { kind: 'success' });
    else showToast(outcome === 'failed' ? t`The payment failed. Your share is not paid.` : t`The payment was cancelled. Your share is not paid.`, { kind: 'error' });
  }, [t]);
  if (state.status !== 'ready') return null;
  const view = state.view;
  const mine = view.parts.find((part) => part.is_me);
  const isHost = view.me === view.host_member_id;
  const open = view.status === 'open';
  const act = (run: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };
  const statusText = {
    open: view.deadline_at ? t`Open: it locks at ${lockTime(view.deadline_at, locale)}.` : t`Open: everyone can still add to their part.`,
    locked: t`Locked: nobody can change their part.`,
    placed: t`Placed: the order is on its way to the store.`,
    cancelled: t`Cancelled by the host.`,
    expired: t`Expired without being placed.`,
  }[view.status];
  return (
    <section part="group" aria-label={t`Group order at ${view.restaurant_name}`} className="flex flex-col gap-3 text-ink">
      <h2 className="m-0 text-lg font-bold"><Trans>Group order at {view.restaurant_name}</Trans></h2>
      <p part="group-status" role="status" className="m-0">{statusText}</p>
      {mine && open && <p className="m-0 text-sm"><Trans>What you add to your cart from {view.restaurant_name} is your part.</Trans></p>}
      {(open || view.status === 'locked') && <ShareGroup view={view} joinPage={joinPage} />}
      <ul part="group-parts" className="m-0 flex list-none flex-col gap-2 p-0">
        {view.parts.map((part) => (
          <Part key={part.member_id} part={part} view={view} canRemove={isHost && !part.is_me && (open || view.status === 'locked')} />
        ))}
      </ul>
      {view.status === 'locked' && <GroupCheckout view={view} host={host} />}
      {view.status === 'placed' && view.order_status && (
        <p part="group-order-status" role="status" className="m-0 font-medium"><Trans>The order: {statusLabel(view.order_status, productTypeId)}</Trans></p>
      )}
      {view.status === 'placed' && isHost && typeof view.order_id === 'number' && (
        <a part="group-order-link" href={orderLink(orderHref, view.order_id)} onClick={(event) => followLink(event, event.currentTarget.getAttribute('href') ?? '')} className="font-medium text-primary underline">
          <Trans>Follow the order</Trans>
        </a>
      )}
      <div part="group-actions" className="flex flex-wrap gap-2">
        {mine && open && (
          <Button part="group-ready" variant={mine.ready ? 'secondary' : 'primary'} disabled={busy} onClick={act(() => markReady(!mine.ready))}>
            {mine.ready ? t`I'm still choosing` : t`My part is ready`}
          </Button>
        )}
        {isHost && (open || view.status === 'locked') && (
          <Button part="group-lock" variant="secondary" disabled={busy} onClick={act(() => lockGroup(open))}>
            {open ? t`Lock the group` : t`Unlock the group`}
          </Button>
        )}
        {isHost && (open || view.status === 'locked') && (
          <Button part="group-cancel" variant="ghost" className="border border-black/20" disabled={busy} onClick={act(cancelGroup)}>
            <Trans>Cancel the group order</Trans>
          </Button>
        )}
        {!open && view.status !== 'locked' && onNewGroup && (
          <Button part="group-new" variant="secondary" onClick={() => {
            leaveLocally();
            onNewGroup();
          }}>
            <Trans>Start a new group order</Trans>
          </Button>
        )}
        {!isHost && mine && (open || view.status === 'locked') && (
          <Button part="group-leave" variant="ghost" className="border border-black/20" disabled={busy} onClick={act(leaveGroup)}>
            <Trans>Leave the group</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}
