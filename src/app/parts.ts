import { lazyPart } from '../ui/LazyPart.tsx';

/* The full page's parts beside its screens (the route table's, routes.tsx), fetched when they are first wanted. */

export { LazyAddressFormDialog as AddressFormDialog } from '../features/address-form/lazy.ts';
export const SupportChatWidget = lazyPart('support-chat', () => import('../features/support-chat/SupportChat.tsx').then((module) => module.SupportChatWidget));
export const AppStatus = lazyPart('app-status', () => import('../features/installed-app/AppStatus.tsx').then((module) => module.AppStatus));
