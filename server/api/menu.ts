import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope, ItemStatus, MenuCategory } from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import { itemStatuses, loadMenu, menuCategories, type CategorySummary } from '../domain/menu.ts';
import { storeExists } from '../domain/store-detail.ts';
import { pickLanguage } from '../domain/vendors.ts';
import { requireVendor } from '../http/vendor.ts';
import { NOT_FOUND } from './store-detail.ts';
import { ItemsStatusBody, MenuSearchBody, RestaurantBody } from './schemas.ts';

/** Calls the spec names for the full menu; all answer the same. */
export const MENU_CALLS = ['restaurantCategoryWithMenu', 'restaurantmenus', 'restaurantcategorymenus', 'restaurant_menus_details'];

export async function menuRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A closed store still shows its menu; the client decides what ordering allows.
  async function menu(request: FastifyRequest, search?: string): Promise<Envelope<MenuCategory[]>> {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as RestaurantBody;
    if (!(await storeExists(ctx.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    const lang = pickLanguage(vendor, body.is_langauge);
    const Result = await loadMenu(ctx.db, vendor, {
      storeId: body.restaurant_id, lang, baseUrl: baseUrl(ctx, request), search: search?.trim(),
    });
    return { code: 200, Result };
  }

  for (const call of MENU_CALLS) {
    app.post(`/${call}`, { schema: { body: RestaurantBody } }, async (request) => menu(request));
  }

  app.post('/search_restaurant_category_item', { schema: { body: MenuSearchBody } }, async (request) =>
    menu(request, (request.body as MenuSearchBody).search));

  app.post('/restaurant_menu_category', { schema: { body: RestaurantBody } }, async (request): Promise<Envelope<CategorySummary[]>> => {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as RestaurantBody;
    if (!(await storeExists(ctx.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    const lang = pickLanguage(vendor, body.is_langauge);
    return { code: 200, Result: await menuCategories(ctx.db, vendor, body.restaurant_id, lang) };
  });

  app.post('/get_items_status', { schema: { body: ItemsStatusBody } }, async (request): Promise<Envelope<ItemStatus[]>> => {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as ItemsStatusBody;
    if (!(await storeExists(ctx.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    return { code: 200, Result: await itemStatuses(ctx.db, vendor.id, body.restaurant_id, [...new Set(body.item_ids)]) };
  });
}
