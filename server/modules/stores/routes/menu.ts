import type { FastifyRequest } from 'fastify';
import { MENU_CALL_NAMES } from '../../../../contract/api/menu.ts';
import { MENU_PAGE_ITEMS } from '../../../../contract/rules/menu-parts.ts';
import { baseUrl } from '../../../context.ts';
import { categoryItems, itemStatuses, loadMenu, loadMenuPart, menuCategories } from '../domain/menu.ts';
import { storeExists } from '../domain/store-detail.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { NOT_FOUND } from './store-detail.ts';

export const menuRoutes: ApiPlugin = async (api) => {
  // A closed store still shows its menu; the storefront decides what ordering allows.
  async function menu(request: FastifyRequest, storeId: number, search?: string) {
    const { vendor, lang } = request;
    if (!(await storeExists(api.db, vendor.id, storeId))) return NOT_FOUND;
    const Result = await loadMenu(api.db, vendor, { storeId, lang, baseUrl: baseUrl(request), search: search?.trim() });
    return { code: 200, Result };
  }

  for (const name of MENU_CALL_NAMES) {
    postCall(api, name, async (request) => menu(request, request.body.restaurant_id));
  }

  postCall(api, 'search_restaurant_category_item', async (request) =>
    menu(request, request.body.restaurant_id, request.body.search));

  postCall(api, 'restaurant_menu_category', async (request) => {
    const { vendor, body } = request;
    if (!(await storeExists(api.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    return { code: 200, Result: await menuCategories(api.db, vendor, body.restaurant_id, request.lang) };
  });

  postCall(api, 'restaurant_categorylisting', async (request) => {
    const { vendor, body } = request;
    if (!(await storeExists(api.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    return { code: 200, Result: await menuCategories(api.db, vendor, body.restaurant_id, request.lang, { shown: true }) };
  });

  postCall(api, 'restaurant_menu_wise_category', async (request) => {
    const { vendor, body } = request;
    if (!(await storeExists(api.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    const Result = await loadMenuPart(api.db, vendor, {
      storeId: body.restaurant_id, lang: request.lang, baseUrl: baseUrl(request), categoryIds: body.category_ids,
    });
    return { code: 200, Result };
  });

  postCall(api, 'menuwiseitem', async (request) => {
    const { vendor, body } = request;
    if (!(await storeExists(api.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    const Result = await categoryItems(api.db, vendor, {
      storeId: body.restaurant_id, categoryId: body.category_id, lang: request.lang, baseUrl: baseUrl(request),
      skip: body.skip ?? 0, limit: body.limit ?? MENU_PAGE_ITEMS,
    });
    return { code: 200, Result };
  });

  postCall(api, 'get_items_status', async (request) => {
    const { vendor, body } = request;
    if (!(await storeExists(api.db, vendor.id, body.restaurant_id))) return NOT_FOUND;
    return { code: 200, Result: await itemStatuses(api.db, vendor.id, body.restaurant_id, [...new Set(body.item_ids)]) };
  });
};
