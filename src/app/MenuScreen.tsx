import { Menu, type MenuProps } from '../features/menu/Menu.tsx';
import { GroupEntry } from './GroupEntry.tsx';

/** Under a store's header: ordering together (a group order). */
const groupEntry = (storeId: number) => <GroupEntry storeId={storeId} />;

/**
 * A store's menu on the full page: the menu, with ordering together under the store's header. Fetched with
 * the screen (its own chunk), so the group's code comes only to pages that show a menu.
 */
export function MenuScreen(props: Omit<MenuProps, 'storeActions'>) {
  return <Menu {...props} storeActions={groupEntry} />;
}
