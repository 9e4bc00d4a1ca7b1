import { decodeId } from '../src/core/platform/ids.ts';
import { GroupOrder } from '../src/features/group-order/GroupOrder.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * Ordering together (docs/behaviour.md#group-orders): the group panel for a vendor's page, beside
 * `<sf-menu>` and the cart. At a store (`store`), a signed-in customer starts a group order: delivery to
 * their address or pickup (as they order now), an optional deadline, and who pays (the host for everyone,
 * or each their own share); a guest is asked to sign in (`sf-sign-in-required`). The group's link (this page
 * with `?group=`, or `join-page`), its short code and the phone's share sheet invite the others. Opened from
 * the link, the element asks to join: signed in, or as a guest with a name (a guest signs in to pay). In a
 * group, the customer's cart is their part: every person's part (name, items, subtotal, ready or not) shows
 * and changes live; each marks their own part ready; the host removes a part, locks and unlocks the group,
 * or cancels it (paid shares go back the way they came). Locked, the bill is priced once and split so the
 * shares add up to the total to the cent; each pays their share by wallet or online, or the host pays all;
 * the host places one order, labelled with each person's name, and every member follows its status here.
 *
 * @tag sf-group-order
 * @attr {string} store - The store a group is started at: its id base64-encoded, as `<sf-menu store>` (e.g. `MQ==`). Without it the element only joins and shows groups.
 * @attr {string} join-page - The page the others join on (the group's link: it gets `?group=`). Default this page.
 * @attr {string} order-href - The host's link to the order placed; `{id}` is the order id. Default `/order-status/{id}`.
 * @event sf-group-joined - This browser started or joined a group. `detail: { group_id, member_id, is_host }`.
 * @event sf-group-locked - The group was locked (by its host, or at its deadline). `detail: { group_id }`.
 * @event sf-group-placed - The group was placed as one order. `detail: { group_id, order_id }`.
 * @event sf-sign-in-required - A guest must sign in to start a group or pay a share. `detail: { reason: 'group-order' }`.
 * @csspart base - The island's root.
 * @csspart start-group-button - 'Order with others: start a group order' (at a store, in no group).
 * @csspart start-group-dialog - The dialog to start a group.
 * @csspart start-group - Its Start and share the link button.
 * @csspart group-join-section - Joining from a group's link.
 * @csspart group-join - The joining form.
 * @csspart group-preview - Who invites to order together, and where.
 * @csspart group-join-button - Join the group (signed in) or Join as a guest.
 * @csspart group-join-sign-in - A guest's Sign in.
 * @csspart group - The group panel.
 * @csspart group-status - The group's state (a live region): open (and when it locks), locked, placed, cancelled or expired.
 * @csspart group-invite - The code, the share button and the link.
 * @csspart group-code - The short code.
 * @csspart group-share-link - Share the group link (the share sheet, else copied).
 * @csspart group-link - The link, to copy.
 * @csspart group-parts - The list of parts.
 * @csspart group-part - One person's part.
 * @csspart group-part-state - Ready, or still choosing.
 * @csspart group-part-total - A part's subtotal.
 * @csspart group-bill - The locked group's bill.
 * @csspart group-shares - The shares and the total.
 * @csspart group-share - One person's share.
 * @csspart group-share-state - Whether a share is paid (each pays).
 * @csspart group-total - The total.
 * @csspart group-pay-share - Pay my share.
 * @csspart group-sign-in - A guest's Sign in to pay your share.
 * @csspart group-place - The host's Place the group order (or cover the unpaid shares and place it).
 * @csspart group-order-status - Where the order placed is now (a live region).
 * @csspart group-order-link - The host's Follow the order.
 * @csspart group-actions - The actions row.
 * @csspart group-ready - My part is ready / I'm still choosing.
 * @csspart group-lock - The host's Lock / Unlock the group.
 * @csspart group-cancel - The host's Cancel the group order.
 * @csspart group-leave - A member's Leave the group.
 * @csspart group-new - Start a new group order, once the group has ended (at a store).
 * @cssprop --sf-color-primary - Links.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Button text.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfGroupOrderAttributes {
  store?: string;
  joinPage?: string;
  orderHref?: string;
}

/** The element's definition. */
export const SF_GROUP_ORDER = defineIsland<SfGroupOrderAttributes>({
  tag: 'sf-group-order',
  attributes: { store: 'string', joinPage: 'string', orderHref: 'string' },
  render: ({ host, store, joinPage, orderHref }) => (
    <GroupOrder host={host} storeId={store ? decodeId(store) ?? 0 : 0} joinPage={joinPage || undefined} orderHref={orderHref || undefined} />
  ),
});
