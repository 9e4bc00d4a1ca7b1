import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { changePassword } from '../../core/session/passwords.ts';
import { say } from '../../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../../core/i18n/screen-messages.ts';
import { showToast } from '../../core/platform/toast.ts';
import { NewPasswordFields, TextField, useNewPassword } from '../../ui/AccountFields.tsx';
import { Button } from '../../ui/Button.tsx';

export interface ChangePasswordFormProps {
  /** Called after the password was changed (every other session of the customer has ended). */
  onChanged?: () => void;
}

type Errors = Partial<Record<'old' | 'password' | 'repeat', string | null>>;

/**
 * Change password, for a signed-in customer of a vendor that offers passwords (the profile screen
 * shows it only then, see $passwordsEnabled): the current password (customer_change_password), or
 * none for a customer who has no password yet (change_password sets the first one); the new
 * password and its repeat.
 */
export function ChangePasswordForm({ onChanged }: ChangePasswordFormProps) {
  const ids = useId();
  const [oldPassword, setOldPassword] = useState('');
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = newPassword.errors();
    setErrors(found);
    if (found.password || found.repeat) return;
    setBusy(true);
    changePassword(newPassword.password, oldPassword === '' ? undefined : oldPassword)
      .then((outcome) => {
        if (!outcome.ok) return setErrors({ old: outcome.message });
        setOldPassword('');
        newPassword.clear();
        showToast(say(SCREEN_MESSAGES.passwordChanged), { kind: 'success' });
        onChanged?.();
      }, () => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate part="change-password">
      <TextField
        id={`${ids}-old`}
        label={<Trans>Current password</Trans>}
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        error={errors.old}
        hint={<Trans>Leave empty if you have no password yet.</Trans>}
        onChange={setOldPassword}
      />
      <NewPasswordFields id={ids} value={newPassword} errors={errors} />
      <Button type="submit" disabled={busy} className="self-start">
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}
