import { lazyPart } from '../../ui/LazyPart.tsx';

/**
 * The group order's dialogs, fetched when first opened: declared once here for the full page's menu and for
 * `<sf-group-order>` (one dynamic import of each, so the build keeps one chunk graph for them).
 */
export const StartGroupDialog = lazyPart('start-group', () => import('./StartGroup.tsx').then((module) => module.StartGroupDialog));
export const JoinGroupDialog = lazyPart('join-group', () => import('./JoinGroup.tsx').then((module) => module.JoinGroupDialog));
export const GroupDialog = lazyPart('group-panel', () => import('./GroupDialog.tsx').then((module) => module.GroupDialog));
