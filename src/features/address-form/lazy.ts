import { lazyPart } from '../../ui/LazyPart.tsx';

/** The add-address dialog, fetched when a customer first opens it (the location modal's Add New Address). */
export const LazyAddressFormDialog = lazyPart('address-form', () => import('./AddressFormDialog.tsx').then((module) => module.AddressFormDialog));
