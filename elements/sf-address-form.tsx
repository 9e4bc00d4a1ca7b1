import { AddressForm } from '../src/features/address-form/AddressForm.tsx';
import { AddressFormModal } from '../src/features/address-form/AddressFormDialog.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The add-address form: a place search (when the vendor has a Google Maps key), the map (zoom 18, centred on the device position, else the vendor's coordinates), house/building name, flat/floor, landmark and the tag Home, Office or Other. Save stays disabled until a location is picked from the search, the map or the device. Without a maps key, or when Google cannot load, the form still works with a typed address and the device position or the vendor's coordinates, and says so. With `address-id` it edits that saved address and can delete it after confirmation. A guest is sent to sign-in after about 0.5 s: the full-page storefront goes to /sign-in; an embedded form dispatches `sf-sign-in-required` and shows a sign-in prompt. After saving, a page form goes back in history; a modal form closes and resets.
 *
 * @tag sf-address-form
 * @attr {'page'|'modal'} mode - 'page' (default) renders the form in place; 'modal' renders a button that opens it in a dialog.
 * @attr {number} address-id - Edit this saved address (shiping_id) instead of adding one.
 * @event sf-location-change - The saved address became the customer's place. `detail: { latitude, longitude, address }`.
 * @event sf-sign-in-required - A guest opened the form. `detail: { reason: 'address' }`.
 * @csspart base - The island's root.
 * @csspart form - The form.
 * @csspart search - The place search box.
 * @csspart map - The map.
 * @csspart map-note - The note shown when the map is unavailable.
 * @csspart locate - The Use my current location button.
 * @csspart location-error - The message when the device position failed.
 * @csspart tags - The Home/Office/Other choice.
 * @csspart save - The Save address button.
 * @csspart delete - The Delete button (update mode).
 * @csspart confirm-dialog - The delete confirmation.
 * @csspart open - The button that opens the modal (mode="modal").
 * @csspart address-dialog - The dialog (mode="modal").
 * @csspart sign-in-prompt - The prompt a guest sees.
 * @cssprop --sf-color-primary - Focus ring and accents.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Button text colour.
 * @cssprop --sf-radius - Corner radius of fields and buttons.
 */
export interface SfAddressFormAttributes {
  mode?: 'page' | 'modal';
  addressId?: number;
}

defineIsland<SfAddressFormAttributes>({
  tag: 'sf-address-form',
  attributes: { mode: 'string', addressId: 'number' },
  render: ({ host, mode, addressId }) => {
    const id = typeof addressId === 'number' && Number.isFinite(addressId) ? addressId : undefined;
    return mode === 'modal'
      ? <AddressFormModal host={host} addressId={id} />
      : <AddressForm host={host} mode="page" addressId={id} key={id ?? 'new'} />;
  },
});
