import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import {
  $notifications, notificationsSupported, readNotifications, turnOffNotifications, turnOnNotifications,
} from '../core/installed-app/notifications.ts';
import { Button } from './Button.tsx';

/** Reads this browser's state once the view shows (never asking the customer anything). */
function useNotificationsState() {
  const state = useStore($notifications);
  useEffect(() => {
    if (notificationsSupported()) void readNotifications();
  }, []);
  return notificationsSupported() ? state : 'unsupported';
}

/**
 * The offer on an order's status screen, the moment notifications help: turned on by the customer's press
 * (the browser then asks), or put aside for this visit. Nothing shows where notifications cannot work.
 */
export function NotificationsOffer() {
  const { t } = useLingui();
  const state = useNotificationsState();
  const [aside, setAside] = useState(false);
  const [turnedOn, setTurnedOn] = useState(false);
  if (state === 'unsupported' || state === 'unknown' || aside) return null;
  if (state === 'on' && !turnedOn) return null;
  return (
    <div part="notifications-offer" className="flex flex-col gap-2 rounded-sf border border-black/15 p-3 text-sm">
      <p role="status" className="m-0">
        {state === 'on'
          ? t`Notifications are on. You can turn them off in your profile.`
          : state === 'blocked'
            ? t`Notifications are blocked for this site in your browser's settings.`
            : t`Get a notification when your order moves on, even with this page closed.`}
      </p>
      {(state === 'off' || state === 'working') && (
        <div className="flex flex-wrap gap-2">
          <Button
            part="notifications-on" disabled={state === 'working'}
            onClick={() => void turnOnNotifications().then((next) => setTurnedOn(next === 'on'))}
          >
            <Trans>Turn on notifications</Trans>
          </Button>
          <Button variant="ghost" className="border border-black/20" onClick={() => setAside(true)}><Trans>Not now</Trans></Button>
        </div>
      )}
    </div>
  );
}

/** The profile's switch for order notifications on this browser; explained when the browser blocks them. */
export function NotificationsSetting() {
  const { t } = useLingui();
  const state = useNotificationsState();
  const hintId = useId();
  if (state === 'unsupported') return null;
  const on = state === 'on';
  return (
    <div part="notifications-setting" className="flex flex-col items-start gap-2 border-t border-black/10 pt-4">
      <h2 className="m-0 text-lg font-semibold"><Trans>Notifications</Trans></h2>
      <label className="flex min-h-[2.75rem] cursor-pointer items-center gap-3">
        <input
          type="checkbox" role="switch" part="notifications-switch" className="h-5 w-5 shrink-0"
          checked={on} disabled={state === 'working' || state === 'unknown' || state === 'blocked'} aria-describedby={hintId}
          onChange={() => void (on ? turnOffNotifications() : turnOnNotifications())}
        />
        <span>{t`Order notifications`}</span>
      </label>
      <p id={hintId} role="status" className="m-0 text-sm text-muted">
        {state === 'blocked'
          ? t`Notifications are blocked for this site in your browser's settings.`
          : t`Your order's progress, your driver's arrival and support's answers, on this device, even with the page closed.`}
      </p>
    </div>
  );
}
