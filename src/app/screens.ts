import { lazyPart, lazyScreen } from '../ui/LazyPart.tsx';

/*
 * The full page's screens, each fetched when its route is first shown (home's store list comes with the
 * page itself), and the header's dialogs, fetched when they first open.
 */

export const Search = lazyScreen('screen-search', () => import('../features/search/Search.tsx').then((module) => module.Search));
export const Menu = lazyScreen('screen-menu', () => import('../features/menu/Menu.tsx').then((module) => module.Menu));
export const BannerPage = lazyScreen('screen-banner', () => import('./BannerPage.tsx').then((module) => module.BannerPage));
export const TagMenu = lazyScreen('screen-tag-menu', () => import('../features/tag-menu/TagMenu.tsx').then((module) => module.TagMenu));
export const Landing = lazyScreen('screen-landing', () => import('../features/landing/Landing.tsx').then((module) => module.Landing));
export const QrPage = lazyScreen('screen-qr', () => import('./QrPage.tsx').then((module) => module.QrPage));
export const StoreFeedback = lazyScreen('screen-feedback', () => import('../features/feedback/StoreFeedback.tsx').then((module) => module.StoreFeedback));
export const AddressBook = lazyScreen('screen-address-book', () => import('./AddressBook.tsx').then((module) => module.AddressBook));
export const Orders = lazyScreen('screen-orders', () => import('../features/orders/Orders.tsx').then((module) => module.Orders));
export const Tracking = lazyScreen('screen-tracking', () => import('../features/tracking/Tracking.tsx').then((module) => module.Tracking));
export const OrderView = lazyScreen('screen-order', () => import('../features/orders/OrderView.tsx').then((module) => module.OrderView));
export const Checkout = lazyScreen('screen-checkout', () => import('../features/checkout/Checkout.tsx').then((module) => module.Checkout));
export const BrandPage = lazyScreen('screen-brand', () => import('./BrandPage.tsx').then((module) => module.BrandPage));
export const AddressForm = lazyScreen('screen-address-form', () => import('../features/address-form/AddressForm.tsx').then((module) => module.AddressForm));
export const SignIn = lazyScreen('screen-sign-in', () => import('../features/sign-in/SignIn.tsx').then((module) => module.SignIn));
export const SignUp = lazyScreen('screen-sign-up', () => import('../features/sign-up/SignUp.tsx').then((module) => module.SignUp));
export const ForgotPassword = lazyScreen('screen-forgot-password', () => import('../features/sign-in/ForgotPassword.tsx').then((module) => module.ForgotPassword));
export const ResetPassword = lazyScreen('screen-reset-password', () => import('../features/sign-in/ResetPassword.tsx').then((module) => module.ResetPassword));
export const Profile = lazyScreen('screen-profile', () => import('../features/profile/Profile.tsx').then((module) => module.Profile));
export const ChangePasswordForm = lazyScreen('screen-password', () => import('../features/password/ChangePasswordForm.tsx').then((module) => module.ChangePasswordForm));
export const ReportBug = lazyScreen('screen-report-bug', () => import('../features/report-bug/ReportBug.tsx').then((module) => module.ReportBug));
export const Faq = lazyScreen('screen-faq', () => import('../features/faq/Faq.tsx').then((module) => module.Faq));
export const StaticPage = lazyScreen('screen-page', () => import('../features/static-page/StaticPage.tsx').then((module) => module.StaticPage));
export const StaticPageList = lazyScreen('screen-pages', () => import('../features/static-page/StaticPage.tsx').then((module) => module.StaticPageList));
export const Support = lazyScreen('screen-support', () => import('../features/support/Support.tsx').then((module) => module.Support));
export const Wallet = lazyScreen('screen-wallet', () => import('../features/wallet/Wallet.tsx').then((module) => module.Wallet));
export const SubscriptionCart = lazyScreen('screen-subscription-cart', () => import('../features/subscriptions/SubscriptionCart.tsx').then((module) => module.SubscriptionCart));
export const ReviewSubscription = lazyScreen('screen-review-subscription', () => import('../features/subscriptions/ReviewSubscription.tsx').then((module) => module.ReviewSubscription));
export const ManageSubscriptions = lazyScreen('screen-subscriptions', () => import('../features/subscriptions/Subscriptions.tsx').then((module) => module.ManageSubscriptions));
export const SubscriptionStatus = lazyScreen('screen-subscription', () => import('../features/subscriptions/Subscriptions.tsx').then((module) => module.SubscriptionStatus));
export const SupportChatScreen = lazyScreen('screen-support-chat', () => import('../features/support-chat/SupportChat.tsx').then((module) => module.SupportChatScreen));

export { LazyAddressFormDialog as AddressFormDialog } from '../features/address-form/lazy.ts';
export const SupportChatWidget = lazyPart('support-chat', () => import('../features/support-chat/SupportChat.tsx').then((module) => module.SupportChatWidget));
