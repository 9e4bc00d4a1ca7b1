import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { deliveryAddress } from '../core/addresses/address.ts';
import { $addresses, loadAddresses, tagLabel } from '../core/addresses/addresses.ts';
import { say } from '../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../core/location/location-messages.ts';
import { SCREEN_MESSAGES } from '../core/i18n/screen-messages.ts';
import { navigate } from '../core/platform/router.ts';
import { $isSignedIn } from '../core/session/session-state.ts';
import { Button } from '../ui/Button.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';

/** The address route: the customer's saved addresses, each editable, and Add New Address. */
export function AddressBook() {
  const signedIn = useStore($isSignedIn);
  const state = useStore($addresses);

  useEffect(() => {
    if (signedIn) void loadAddresses();
    else navigate('/sign-in', { replace: true });
  }, [signedIn]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h1 className="m-0 text-2xl font-bold">{say(SCREEN_MESSAGES.deliveryAddress)}</h1>
        <Button onClick={() => navigate('/add-address')}>{say(LOCATION_MESSAGES.addNewAddress)}</Button>
      </div>
      {state.status === 'ready' && state.addresses.length === 0 && <p className="m-0 text-muted">{say(LOCATION_MESSAGES.noAddressFound)}</p>}
      {state.status === 'ready' && state.addresses.length > 0 && (
        <ul className="m-0 flex list-none flex-col gap-3 p-0">
          {state.addresses.map((address) => (
            <li key={address.id} className="flex items-start justify-between gap-4 rounded-sf border border-black/10 p-4">
              <div className="flex flex-col gap-1">
                <span className="font-semibold">{tagLabel(address.label)}</span>
                <span className="text-sm text-muted">{deliveryAddress(address)}</span>
              </div>
              <Button variant="secondary" onClick={() => navigate(`/update-address/${address.id}`)}>
                <Trans>Edit</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'failed' && <LoadFailed onRetry={() => void loadAddresses()} />}
      {(state.status === 'idle' || state.status === 'loading') && <Skeleton className="h-32 w-full" />}
    </div>
  );
}

