import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { $locale } from '../../core/i18n/locale.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { deleteAccount, updateProfile, type FieldErrors } from '../../core/profile/profile.ts';
import { $user } from '../../core/session/session-state.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { loadWallet } from '../../core/wallet/wallet.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, INPUT_CLASS } from '../../ui/Field.tsx';
import { SignOutDialog } from '../../ui/SignOutDialog.tsx';
import { NotificationsSetting } from '../../ui/OrderNotifications.tsx';

/** The date the account was made, in the customer's language; '' when unknown. */
function memberSince(createdAt: string, locale: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

function EditProfileForm({ onDone }: { onDone: () => void }) {
  const user = useStore($user);
  const ids = useId();
  const [name, setName] = useState(user?.user_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void updateProfile({ user_name: name, email }).then((outcome) => {
      setBusy(false);
      if (outcome.ok) onDone();
      else setErrors(outcome.errors);
    });
  };

  const described = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${field}-error` } : {});
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate part="profile-form">
      <Field id={`${ids}-user_name`} label={<Trans>Name</Trans>} error={errors.user_name}>
        <input id={`${ids}-user_name`} className={INPUT_CLASS} autoComplete="name" maxLength={100} value={name}
          onChange={(event) => setName(event.target.value)} {...described('user_name')} />
      </Field>
      <Field id={`${ids}-email`} label={<Trans>Email</Trans>} error={errors.email}>
        <input id={`${ids}-email`} className={INPUT_CLASS} type="email" autoComplete="email" maxLength={254} value={email}
          onChange={(event) => setEmail(event.target.value)} {...described('email')} />
      </Field>
      {errors.form && <p role="alert" className="m-0 text-sm text-red-700">{errors.form}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} part="save-profile"><Trans>Save</Trans></Button>
        <Button variant="ghost" onClick={onDone}><Trans>Cancel</Trans></Button>
      </div>
    </form>
  );
}

/** "Delete your account?": what is erased, what ends (orders, subscriptions, the wallet) and what stays, then Cancel or delete. */
function DeleteAccountDialog({ host, open, onClose }: { host: HTMLElement; open: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const balance = useStore($user)?.wallet_amount ?? 0;
  const money = useStore($moneyFormat);
  const walletOn = useStore($settings)?.client_wallet_status === 'active';
  // The balance as the server has it now (loading the wallet keeps the session user's in step).
  useEffect(() => {
    if (open && walletOn) void loadWallet();
  }, [open, walletOn]);
  const amount = formatPrice(balance, money);
  return (
    <Dialog open={open} title={<Trans>Delete your account?</Trans>} onClose={onClose} part="confirm-dialog delete-account-dialog">
      <p className="m-0">
        <Trans>Your name, email, mobile number, saved addresses and sign-ins on every device are erased. Your past orders stay with the store for its records, without your details.</Trans>
      </p>
      <p className="m-0" part="delete-account-orders">
        <Trans>Orders the store has not accepted yet are cancelled and refunded, and your subscriptions end. While an order is on its way, your account cannot be deleted.</Trans>
      </p>
      {walletOn && balance > 0 && (
        <p className="m-0" part="delete-account-wallet">
          <Trans>Your wallet balance of <bdi>{amount}</bdi> is lost: it cannot be spent or paid out after your account is deleted.</Trans>
        </p>
      )}
      <p className="m-0 font-medium"><Trans>This cannot be undone.</Trans></p>
      {failure && <p role="alert" className="m-0 text-sm text-red-700">{failure}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}><Trans>Cancel</Trans></Button>
        <Button
          variant="danger"
          part="confirm-delete-account"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setFailure('');
            void deleteAccount(host).then((outcome) => {
              setBusy(false);
              if (outcome.ok) onClose();
              else setFailure(outcome.message);
            });
          }}
        >
          <Trans>Delete my account</Trans>
        </Button>
      </div>
    </Dialog>
  );
}

export interface ProfileProps {
  host: HTMLElement;
}

/**
 * The signed-in customer's profile: name, mobile number with its country code, email and member
 * since; editing name and email; sign-out and deleting the account, each after confirmation.
 * Renders nothing for a guest (the page shows sign-in instead).
 */
export function Profile({ host }: ProfileProps) {
  const { t } = useLingui();
  const user = useStore($user);
  const locale = useStore($locale);
  const [editing, setEditing] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  const since = memberSince(user.created_at, locale);
  return (
    <section className="flex flex-col gap-6" part="profile" aria-label={t`Your details`}>
      {editing ? (
        <EditProfileForm onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="m-0 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]" part="profile-details">
            <dt className="text-sm text-muted"><Trans>Name</Trans></dt>
            <dd className="m-0 mb-2 break-words font-medium sm:mb-0" part="profile-name">{user.user_name}</dd>
            <dt className="text-sm text-muted"><Trans>Mobile number</Trans></dt>
            <dd className="m-0 mb-2 sm:mb-0" part="profile-mobile">
              <bdi dir="ltr">{user.country_code ? `+${user.country_code} ` : ''}{user.mobile_number}</bdi>
            </dd>
            <dt className="text-sm text-muted"><Trans>Email</Trans></dt>
            <dd className="m-0 mb-2 break-all sm:mb-0" part="profile-email">{user.email || '—'}</dd>
            <dt className="text-sm text-muted"><Trans>Member since</Trans></dt>
            <dd className="m-0" part="profile-since">{since || '—'}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)} part="edit-profile"><Trans>Edit profile</Trans></Button>
            <Button variant="ghost" onClick={() => setSigningOut(true)} part="sign-out"><Trans>Sign out</Trans></Button>
          </div>
        </>
      )}
      <NotificationsSetting />
      <div className="flex flex-col items-start gap-2 border-t border-black/10 pt-4" part="delete-account">
        <h2 className="m-0 text-lg font-semibold"><Trans>Delete account</Trans></h2>
        <p className="m-0 text-sm text-muted"><Trans>Erases your details from this store. Past orders stay for the store's records.</Trans></p>
        <Button variant="danger" onClick={() => setDeleting(true)} part="delete-account-button"><Trans>Delete my account</Trans></Button>
      </div>
      <SignOutDialog host={host} open={signingOut} onClose={() => setSigningOut(false)} />
      <DeleteAccountDialog host={host} open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
