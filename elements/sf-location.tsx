import { LocationPicker } from '../src/features/location/LocationPicker.tsx';
import { LazyAddressFormDialog as AddressFormDialog } from '../src/features/address-form/lazy.ts';
import { defineIsland } from './define-island.tsx';

/**
 * The location link and the location modal: shows Set Location or the current address with its label (Home, Office, Other); the modal offers Detect current location, a place search (when the vendor has a Google Maps key), the signed-in customer's saved addresses and Add New Address. With no place stored it follows the vendor: `?preview=true` in the page address uses the vendor's coordinates, a grocery vendor with store_selection 0 asks for the device position, otherwise the modal opens by itself when `auto-open` is present. Closing the modal without any place uses the vendor's coordinates.
 *
 * @tag sf-location
 * @attr {boolean} auto-open - Open the location modal by itself when no place is stored (any value but "false").
 * @event sf-location-change - The customer's place changed. `detail: { latitude, longitude, address }`.
 * @event sf-sign-in-required - A guest opened Add New Address. `detail: { reason: 'address' }`.
 * @csspart base - The island's root.
 * @csspart trigger - The location link (a button).
 * @csspart trigger-label - The saved address's label in the link.
 * @csspart trigger-address - The address (or Set Location) in the link.
 * @csspart location-dialog - The location modal.
 * @csspart detect - The Detect current location button.
 * @csspart location-error - The message when the device position failed.
 * @csspart search - The place search box.
 * @csspart saved - The Saved Address section.
 * @csspart saved-address - A saved address (a button).
 * @csspart currently-selected - The CURRENTLY SELECTED marker.
 * @csspart add-address - The Add New Address button.
 * @csspart address-dialog - The add-address dialog.
 * @cssprop --sf-color-primary - Accents and the selected address's border.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Button text colour.
 * @cssprop --sf-radius - Corner radius of fields and buttons.
 */
export interface SfLocationAttributes {
  /** A boolean attribute: the island passes its text (undefined when bare), so the render reads the attribute itself. */
  autoOpen?: string;
}

defineIsland<SfLocationAttributes>({
  tag: 'sf-location',
  display: 'inline',
  attributes: { autoOpen: 'string' },
  render: ({ host, autoOpen }) => (
    <LocationPicker
      host={host}
      // A bare attribute is empty text, which the island passes as undefined: read the attribute itself.
      autoOpen={host.hasAttribute('auto-open') && autoOpen !== 'false'}
      renderAddressForm={({ open, onClose }) => <AddressFormDialog wanted={open} host={host} open={open} onClose={onClose} />}
    />
  ),
});
