import type { MenuItem, MenuOptionGroup } from '../../../contract/api/menu.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';

// A menu item with option groups and a store detail, for the menu and cart tests.

export const size: MenuOptionGroup = {
  group_id: 1, name: 'Size', min: 1, max: 1, required: 1,
  options: [{ option_id: 11, name: 'Small', price: 0 }, { option_id: 12, name: 'Medium', price: 3 }, { option_id: 13, name: 'Large', price: 6 }],
};
export const extras: MenuOptionGroup = {
  group_id: 2, name: 'Extras', min: 0, max: 3, required: 0,
  options: [
    { option_id: 21, name: 'Mozzarella', price: 2 }, { option_id: 22, name: 'Mushrooms', price: 1.5 },
    { option_id: 23, name: 'Jalapeños', price: 1 }, { option_id: 24, name: 'Sausage', price: 2.5 },
  ],
};
export const sauces: MenuOptionGroup = {
  group_id: 3, name: 'Sauces', min: 2, max: 4, required: 0,
  options: [{ option_id: 31, name: 'A', price: 0.1 }, { option_id: 32, name: 'B', price: 0.2 }, { option_id: 33, name: 'C', price: 0.3 }, { option_id: 34, name: 'D', price: 0 }],
};

export function item(overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    item_id: 100, restaurant_id: 1, category_id: 5, name: 'Margherita', description: 'Tomato, mozzarella, basil', image: '/media/item/1.svg',
    price: 14, mrp: 16, item_type: 0, is_available: 1, stock: null, item_tax: 5, packaging_charge: 0.5, unit: '', is_subscribable: 0,
    customizations: [size, extras], ...overrides,
  };
}

export function detail(overrides: Partial<RestaurantDetail> = {}): RestaurantDetail {
  return {
    restaurant_id: 1, name: 'Golden Gate Pizzeria', slug: 'golden-gate-pizzeria', icon_image: '', restaurant_on_off: '1', restaurant_type: '1',
    rating: 4.5, cuisine_name: ['Pizza'], delivery_time: 30, delivery_times: '25-35 min', two_person_price: 30, discount_text: '',
    is_show_customer_app: 1, show_customer_app: 'time', is_pre_order: 0, distance: 1, latitude: 0, longitude: 0, address: '',
    minimum_order_value: 15, minimum_admin_commision: 0, packaging_charge: 0, description: '', phone: '', time_zone: 'UTC',
    opening_hours: [], delivery_radius_km: 10, has_delivery_zone: 0, accepts_scheduled_orders: 0, ...overrides,
  };
}
