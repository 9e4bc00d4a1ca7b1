import type { ItemSeed, OptionGroupSeed, VendorSeed } from './types.ts';

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];

const pizzaSize: OptionGroupSeed = {
  name: 'Size', min: 1, max: 1,
  options: [['Small 10"', 0], ['Medium 12"', 3], ['Large 14"', 6]],
};
const pizzaExtras: OptionGroupSeed = {
  name: 'Extras', min: 0, max: 3,
  options: [['Extra mozzarella', 2], ['Mushrooms', 1.5], ['Jalapeños', 1], ['Italian sausage', 2.5]],
};
const burgerExtras: OptionGroupSeed = {
  name: 'Extras', min: 0, max: 3,
  options: [['Bacon', 2], ['Avocado', 1.75], ['Fried egg', 1.5], ['Extra cheddar', 1]],
};
const spiceLevel: OptionGroupSeed = {
  name: 'Spice level', min: 1, max: 1,
  options: [['Mild', 0], ['Medium', 0], ['Hot', 0], ['Thai hot', 0]],
};
const drinkSize: OptionGroupSeed = { name: 'Size', min: 1, max: 1, options: [['Regular', 0], ['Large', 1.25]] };

const veg = (name: string, price: number, description: string, extra: Partial<ItemSeed> = {}): ItemSeed => ({
  name, price, description, veg: true, ...extra,
});
const meat = (name: string, price: number, description: string, extra: Partial<ItemSeed> = {}): ItemSeed => ({
  name, price, description, veg: false, ...extra,
});

export const harborEats: VendorSeed = {
  slug: 'harbor-eats',
  name: 'Harbor Eats',
  hosts: ['localhost', '127.0.0.1'],
  currencyCode: 'USD',
  currencySymbol: '$',
  priceDecimals: 2,
  countryCode: '1',
  productType: 1,
  primaryLang: 'en',
  secondaryLang: 'ar',
  languages: ['en', 'ar', 'de', 'es', 'fr', 'th', 'ru'],
  defaultLang: 'en',
  lat: 37.7749,
  lng: -122.4194,
  timeZone: 'America/Los_Angeles',
  settings: {
    copyright_name: 'Harbor Eats Inc.',
    tax_name_primary_lang: 'Sales tax',
    restaurant_name: 'Restaurant',
    app_name: 'Harbor Eats',
    app_logo: '/media/logo/harbor-eats.svg',
    flat_icon: '/media/favicon/harbor-eats.svg',
    app_layout: [{
      web_fav_logo: '/media/favicon/harbor-eats.svg',
      web_horizontal_logo: '/media/logo/harbor-eats.svg',
      web_square_logo: '/media/favicon/harbor-eats.svg',
    }],
    login_signup_page_image: '/media/banner/harbor-eats-welcome.svg',
    store_selection: 1,
    manual_store_selection_by_customer: 1,
    is_delivery_zone_available: 0,
    is_system_available: 1,
    is_pickup_enable: 'true',
    terminology: { takeaway_text: 'Pickup' },
    subscription_status: 0,
    client_wallet_status: 'active',
    wallet_recharge: { minimum: 5, limit: 500, amounts: [10, 25, 50, 100] },
    is_enable_schedule_order_after_business_hours: 1,
    show_contact_developer: 'No',
    password_login: 'Yes',
    support_field: { phone: '+1 415 555 0199', whatsapp: '+14155550199', email: 'help@harboreats.example' },
    support_chat: { is_enable: 1 },
    pages: {
      privacypolicy_url: 'https://harboreats.example/privacy',
      help_url: 'https://harboreats.example/help',
      terms_url: 'https://harboreats.example/terms',
    },
    static_pages: [
      { page_name: 'About us', slug: 'about-us', identifier: 'about', is_external_link: false, url: '/demo/pages/about.html' },
      { page_name: 'Refund Policy', slug: 'refund-policy', identifier: 'refund', is_external_link: false, url: '/demo/pages/refund.html' },
      { page_name: 'Shipping & Delivery', slug: 'shipping-delivery', identifier: 'shipping', is_external_link: false, url: '/demo/pages/shipping.html' },
      { page_name: 'Careers', slug: 'careers', identifier: 'careers', is_external_link: true, url: 'https://harboreats.example/careers' },
    ],
    web_settings: {
      website_url: 'http://localhost:8080/',
      theme_primary_color: '#1b2a4a',
      theme_secondary_color: '#ff6f59',
      text_primary_color: '#1b2a4a',
      text_secondary_color: '#5c6b89',
      footer_background_color: '#14203a',
      footer_text_color: '#e8ecf4',
      home_slider_background_color: '#fff1ee',
      button_primary_color: '#c8412c',
      button_secondary_color: '#1b2a4a',
      button_text_primary_color: '#ffffff',
      button_text_secondary_color: '#ffffff',
      meta_description: 'Order from the best restaurants around San Francisco Bay, delivered fast or ready for pickup.',
      title: 'Harbor Eats: food delivery in San Francisco',
      keywords: 'food delivery, san francisco, pizza, sushi, tacos, takeout, pickup',
      google_client_id: '',
      fb_app_id: '',
      footer_text: 'Harbor Eats brings neighbourhood kitchens from the Mission to the Marina to your door. Local restaurants, fair fees, real people on support.',
      instagram: 'https://instagram.com/harboreats',
      facebook_link: 'https://facebook.com/harboreats',
      twitter: 'https://twitter.com/harboreats',
      youtube: '',
    },
    // The demo's analytics: Google Analytics 4 and the Meta Pixel, customers asked first (docs/analytics.md).
    analytics: { ga4_measurement_id: 'G-HARBOR2026', gtm_container_id: '', meta_pixel_id: '1202611271234567', consent_required: true, embedded: 'events' },
  },
  i18n: {
    ar: {
      app_name: 'هاربر إيتس', restaurant_name: 'مطعم', tax_name_primary_lang: 'ضريبة المبيعات',
      terminology: { takeaway_text: 'استلام' },
      web_settings: {
        title: 'هاربر إيتس: توصيل الطعام في سان فرانسيسكو',
        meta_description: 'اطلب من أفضل المطاعم في سان فرانسيسكو، توصيل سريع أو استلام من المطعم.',
        footer_text: 'هاربر إيتس يوصل مطابخ الأحياء إلى باب بيتك.',
      },
    },
    de: {
      restaurant_name: 'Restaurant', tax_name_primary_lang: 'Umsatzsteuer', terminology: { takeaway_text: 'Abholung' },
      web_settings: {
        title: 'Harbor Eats: Essenslieferung in San Francisco',
        meta_description: 'Bestelle bei den besten Restaurants in San Francisco, schnell geliefert oder zum Abholen.',
      },
    },
    es: {
      restaurant_name: 'Restaurante', tax_name_primary_lang: 'Impuesto sobre ventas', terminology: { takeaway_text: 'Recoger' },
      web_settings: {
        title: 'Harbor Eats: comida a domicilio en San Francisco',
        meta_description: 'Pide en los mejores restaurantes de San Francisco, entrega rápida o para recoger.',
      },
    },
    fr: {
      restaurant_name: 'Restaurant', tax_name_primary_lang: 'Taxe de vente', terminology: { takeaway_text: 'À emporter' },
      web_settings: {
        title: 'Harbor Eats : livraison de repas à San Francisco',
        meta_description: 'Commandez dans les meilleurs restaurants de San Francisco, livrés vite ou à emporter.',
      },
    },
    th: { terminology: { takeaway_text: 'รับเอง' } },
    ru: { terminology: { takeaway_text: 'Самовывоз' } },
  },
  cuisines: [
    { name: 'Italian', i18n: { ar: { name: 'إيطالي' }, de: { name: 'Italienisch' }, es: { name: 'Italiana' }, fr: { name: 'Italien' } } },
    { name: 'Pizza', i18n: { ar: { name: 'بيتزا' } } },
    { name: 'Japanese', i18n: { ar: { name: 'ياباني' }, de: { name: 'Japanisch' }, es: { name: 'Japonesa' }, fr: { name: 'Japonais' } } },
    { name: 'Sushi', i18n: { ar: { name: 'سوشي' } } },
    { name: 'Mexican', i18n: { ar: { name: 'مكسيكي' }, de: { name: 'Mexikanisch' }, es: { name: 'Mexicana' }, fr: { name: 'Mexicain' } } },
    { name: 'Indian', i18n: { ar: { name: 'هندي' }, de: { name: 'Indisch' }, es: { name: 'India' }, fr: { name: 'Indien' } } },
    { name: 'Burgers', i18n: { ar: { name: 'برغر' }, es: { name: 'Hamburguesas' } } },
    { name: 'American', i18n: { ar: { name: 'أمريكي' }, de: { name: 'Amerikanisch' }, es: { name: 'Americana' }, fr: { name: 'Américain' } } },
    { name: 'Vegan', i18n: { ar: { name: 'نباتي' }, es: { name: 'Vegana' }, fr: { name: 'Végan' } } },
    { name: 'Thai', i18n: { ar: { name: 'تايلاندي' }, de: { name: 'Thailändisch' }, es: { name: 'Tailandesa' }, fr: { name: 'Thaï' } } },
    { name: 'Desserts', i18n: { ar: { name: 'حلويات' }, de: { name: 'Desserts' }, es: { name: 'Postres' } } },
    { name: 'Breakfast', i18n: { ar: { name: 'فطور' }, de: { name: 'Frühstück' }, es: { name: 'Desayuno' }, fr: { name: 'Petit-déjeuner' } } },
  ],
  stores: [
    {
      name: 'Golden Gate Pizzeria', slug: 'golden-gate-pizzeria',
      address: '1520 Stockton St, San Francisco, CA 94133', city: 'San Francisco', state: 'CA', zip: '94133',
      lat: 37.8003, lng: -122.4102, cuisines: ['Italian', 'Pizza'], radiusKm: 6, rating: 4.6, deliveryTime: 30,
      twoPersonPrice: 38, discountText: '20% off on orders above $30', minOrder: 15, packaging: 0.5,
      deliveryPerKm: 0.75,
      hours: [[ALL_WEEK, '11:00', '23:00']],
      i18n: { ar: { name: 'بيتزيريا البوابة الذهبية', discount_text: 'خصم 20٪ على الطلبات فوق 30 دولارًا' } },
      categories: [
        { name: 'Pizzas', i18n: { ar: { name: 'بيتزا' } }, items: [
          veg('Margherita', 14, 'San Marzano tomato, fior di latte, basil and extra-virgin olive oil.', { groups: [pizzaSize, pizzaExtras], featured: true, i18n: { ar: { name: 'مارغريتا', description: 'طماطم سان مارزانو وموزاريلا وريحان.' } } }),
          meat('Pepperoni Classic', 16.5, 'Crispy pepperoni cups, mozzarella and oregano on our 48-hour dough.', { groups: [pizzaSize, pizzaExtras], i18n: { ar: { name: 'ببروني كلاسيك' } } }),
          meat('North Beach Special', 18.75, 'Italian sausage, roasted peppers, onions and provolone.', { groups: [pizzaSize, pizzaExtras] }),
          veg('Funghi Bianca', 17, 'White pizza with wild mushrooms, ricotta, garlic and thyme.', { groups: [pizzaSize] }),
          meat('Truffle Prosciutto', 22, 'Prosciutto di Parma, arugula, shaved parmesan and truffle oil. Limited each night.', { stock: 5, groups: [pizzaSize] }),
        ] },
        { name: 'Starters & Salads', items: [
          veg('Garlic Knots', 6.5, 'Six knots brushed with garlic butter, marinara on the side.'),
          veg('Caesar Salad', 9.5, 'Romaine, parmesan, sourdough croutons, house Caesar dressing.'),
          meat('Meatballs al Forno', 11, 'Three beef and pork meatballs baked in marinara with ricotta.'),
        ] },
        { name: 'Desserts', items: [
          veg('Tiramisu', 8, 'Espresso-soaked ladyfingers, mascarpone cream, cocoa.'),
          veg('Cannoli (2)', 7, 'Crisp shells filled to order with sweet ricotta and chocolate chips.', { available: false }),
        ] },
      ],
    },
    {
      name: 'Sakura Sushi House', slug: 'sakura-sushi-house',
      address: '1737 Post St, San Francisco, CA 94115', city: 'San Francisco', state: 'CA', zip: '94115',
      lat: 37.7853, lng: -122.4294, cuisines: ['Japanese', 'Sushi'], radiusKm: 5, rating: 4.4, deliveryTime: 40,
      twoPersonPrice: 60, discountText: 'Free miso soup with every omakase box', minOrder: 20,
      hours: [[[2, 3, 4, 5, 6, 0], '12:00', '14:30'], [[2, 3, 4, 5, 6, 0], '17:30', '22:00']],
      i18n: { ar: { name: 'بيت ساكورا للسوشي' } },
      categories: [
        { name: 'Nigiri & Sashimi', items: [
          meat('Salmon Nigiri (2)', 7.5, 'Ora King salmon over seasoned rice.'),
          meat('Bluefin Tuna Sashimi', 18, 'Five slices of lean akami, fresh wasabi.', { stock: 8 }),
          meat('Hamachi Nigiri (2)', 8, 'Yellowtail with a touch of yuzu kosho.'),
        ] },
        { name: 'Rolls', items: [
          meat('Dragon Roll', 16, 'Shrimp tempura and cucumber topped with avocado and eel sauce.'),
          meat('Spicy Tuna Roll', 11, 'Chopped tuna, chili mayo, scallion, sesame.', { tags: ['Spicy', 'New'] }),
          veg('Avocado Cucumber Roll', 8.5, 'Simple and fresh, with toasted sesame.'),
          meat('California Roll', 10, 'Snow crab, avocado and cucumber.'),
        ] },
        { name: 'Bowls & Sides', items: [
          meat('Chirashi Bowl', 28, 'Chef\'s selection of sashimi over sushi rice.', { groups: [{ name: 'Rice', min: 1, max: 1, options: [['Sushi rice', 0], ['Brown rice', 1]] }] }),
          veg('Edamame', 5, 'Steamed and sea-salted.'),
          veg('Miso Soup', 4, 'Shiro miso, tofu, wakame, scallion.'),
        ] },
      ],
    },
    {
      name: 'Mission Street Taqueria', slug: 'mission-street-taqueria',
      address: '2889 Mission St, San Francisco, CA 94110', city: 'San Francisco', state: 'CA', zip: '94110',
      lat: 37.7509, lng: -122.4181, cuisines: ['Mexican'], radiusKm: 7, rating: 4.8, deliveryTime: 25,
      twoPersonPrice: 24, discountText: 'Taco Tuesday: buy 3 tacos and get a fourth on the house, all day long', showBy: 'distence',
      hours: [[ALL_WEEK, '10:00', '02:00']],
      i18n: { ar: { name: 'تاكيريا شارع ميشن' }, es: { name: 'Taquería de la Calle Mission', discount_text: 'Martes de tacos: compra 3 y el cuarto es gratis' } },
      categories: [
        { name: 'Burritos', i18n: { es: { name: 'Burritos' } }, items: [
          meat('Carne Asada Burrito', 13.5, 'Grilled steak, rice, pinto beans, pico de gallo, salsa roja.', { featured: true, groups: [{ name: 'Style', min: 1, max: 1, options: [['Regular', 0], ['Super (cheese, sour cream, guac)', 2.5], ['Bowl, no tortilla', 0]] }], i18n: { es: { name: 'Burrito de carne asada' } } }),
          meat('Al Pastor Burrito', 12.75, 'Marinated pork with pineapple, onion and cilantro.'),
          veg('Veggie Burrito', 11, 'Grilled peppers, black beans, rice, guacamole.'),
        ] },
        { name: 'Tacos', items: [
          meat('Tacos de Carnitas (3)', 10.5, 'Slow-cooked pork, onion, cilantro, salsa verde.'),
          meat('Fish Tacos (3)', 12, 'Beer-battered rockfish, cabbage slaw, chipotle crema.'),
          veg('Tacos de Nopales (3)', 9.5, 'Grilled cactus, queso fresco, salsa roja.'),
        ] },
        { name: 'Sides & Drinks', items: [
          veg('Chips & Guacamole', 7, 'Made fresh every hour.'),
          veg('Horchata', 4, 'House-made rice and cinnamon drink.', { groups: [drinkSize] }),
        ] },
      ],
    },
    {
      name: 'Spice Route Indian Kitchen', slug: 'spice-route-indian-kitchen',
      address: '410 Howard St, San Francisco, CA 94105', city: 'San Francisco', state: 'CA', zip: '94105',
      lat: 37.7786, lng: -122.4059, cuisines: ['Indian', 'Vegan'], radiusKm: 8, rating: 3.9, deliveryTime: 45,
      twoPersonPrice: 42, discountText: '$5 off your first order',
      hours: [[ALL_WEEK, '11:30', '15:00'], [ALL_WEEK, '17:00', '22:30']],
      i18n: { ar: { name: 'مطبخ طريق التوابل الهندي' } },
      categories: [
        { name: 'Curries', items: [
          meat('Butter Chicken', 17.5, 'Tandoori chicken in a silky tomato, butter and fenugreek sauce.', { groups: [spiceLevel], featured: true }),
          meat('Lamb Rogan Josh', 19.5, 'Kashmiri chili and aromatic spices, slow-braised lamb shoulder.', { groups: [spiceLevel], tags: ['Spicy', 'Bestseller'] }),
          veg('Palak Paneer', 15, 'Spinach, fresh paneer, ginger, garlic.', { groups: [spiceLevel] }),
          veg('Chana Masala', 13, 'Chickpeas in a tangy onion-tomato masala. Vegan.', { groups: [spiceLevel] }),
        ] },
        { name: 'Breads & Rice', items: [
          veg('Garlic Naan', 4, 'Baked to order in the tandoor.'),
          veg('Jeera Rice', 5, 'Basmati with toasted cumin.'),
          meat('Chicken Biryani', 18, 'Dum-cooked basmati with saffron, mint and raita.', { stock: 10 }),
        ] },
        { name: 'Drinks', items: [veg('Mango Lassi', 5.5, 'Alphonso mango and yogurt.')] },
      ],
    },
    {
      name: 'Burger Dock', slug: 'burger-dock',
      address: 'Pier 39, Beach St, San Francisco, CA 94133', city: 'San Francisco', state: 'CA', zip: '94133',
      lat: 37.8087, lng: -122.4098, cuisines: ['Burgers', 'American'], radiusKm: 5, rating: 2.0, deliveryTime: 20,
      twoPersonPrice: 28, tax: 8.63,
      hours: [[ALL_WEEK, '10:30', '23:30']],
      categories: [
        { name: 'Burgers', items: [
          meat('Dock Classic', 11.5, 'Quarter-pound patty, American cheese, pickles, dock sauce.', { groups: [burgerExtras, { name: 'Doneness', min: 1, max: 1, options: [['Medium', 0], ['Medium well', 0], ['Well done', 0]] }] }),
          meat('Double Smash', 14.5, 'Two smashed patties, caramelised onions, cheddar.', { groups: [burgerExtras] }),
          meat('Crispy Chicken Sandwich', 12.5, 'Buttermilk-fried chicken, slaw, hot honey.', { groups: [burgerExtras] }),
          veg('Beyond Burger', 13.5, 'Plant-based patty, lettuce, tomato, vegan mayo.', { groups: [burgerExtras] }),
        ] },
        { name: 'Sides', items: [
          veg('Fries', 4.5, 'Skin-on, sea salt.', { groups: [drinkSize] }),
          veg('Onion Rings', 5.5, 'Beer-battered, with ranch.'),
          veg('Chocolate Shake', 6.5, 'Ghirardelli chocolate and vanilla soft serve.'),
        ] },
      ],
    },
    {
      name: 'Green Leaf Vegan', slug: 'green-leaf-vegan',
      address: '598 Hayes St, San Francisco, CA 94102', city: 'San Francisco', state: 'CA', zip: '94102',
      lat: 37.7765, lng: -122.4262, cuisines: ['Vegan', 'American'], radiusKm: 4, rating: 0, deliveryTime: 35,
      twoPersonPrice: 34, veg: true, discountText: 'New on Harbor Eats',
      hours: [[WEEKDAYS, '08:00', '20:00'], [[0, 6], '09:00', '16:00']],
      categories: [
        { name: 'Bowls', items: [
          veg('Buddha Bowl', 14, 'Quinoa, roasted sweet potato, kale, chickpeas, tahini.', { featured: true, subscribable: true }),
          veg('Teriyaki Tofu Bowl', 13.5, 'Crispy tofu, brown rice, pickled cucumber, sesame.'),
          veg('Mediterranean Mezze', 15, 'Hummus, falafel, tabbouleh, warm pita.'),
        ] },
        { name: 'Juices & Smoothies', items: [
          veg('Green Machine Juice', 8, 'Kale, celery, cucumber, apple, lemon, ginger.', { groups: [drinkSize] }),
          veg('Açaí Smoothie', 9, 'Açaí, banana, strawberry, almond milk.'),
          veg('Cold Brew Oat Latte', 5.5, 'Single-origin cold brew with oat milk.', { subscribable: true }),
        ] },
      ],
    },
    {
      name: 'Bangkok Corner', slug: 'bangkok-corner',
      address: '5 Clement St, San Francisco, CA 94118', city: 'San Francisco', state: 'CA', zip: '94118',
      lat: 37.7830, lng: -122.4610, cuisines: ['Thai'], radiusKm: 6, rating: 4.2, deliveryTime: 35,
      twoPersonPrice: 30, onOff: false, discountText: 'Closed for renovation until next week',
      i18n: { th: { name: 'บางกอก คอร์เนอร์' }, ar: { name: 'زاوية بانكوك' } },
      categories: [
        { name: 'Noodles & Rice', items: [
          meat('Pad Thai', 14, 'Rice noodles, shrimp, tofu, egg, peanuts, tamarind.', { groups: [spiceLevel] }),
          meat('Pad See Ew', 14, 'Wide noodles, chicken, Chinese broccoli, sweet soy.', { groups: [spiceLevel] }),
          meat('Khao Soi', 16, 'Northern curry noodle soup with braised chicken.', { groups: [spiceLevel] }),
        ] },
        { name: 'Curries', items: [
          meat('Green Curry', 15, 'Chicken, Thai eggplant, basil, coconut milk.', { groups: [spiceLevel] }),
          veg('Massaman Tofu', 14, 'Potato, peanuts, tofu in a mild massaman curry.', { groups: [spiceLevel] }),
          veg('Mango Sticky Rice', 8, 'Seasonal mango, sweet coconut sticky rice.'),
        ] },
      ],
    },
    {
      name: 'Sweet Tide Desserts', slug: 'sweet-tide-desserts',
      address: '4071 18th St, San Francisco, CA 94114', city: 'San Francisco', state: 'CA', zip: '94114',
      lat: 37.7609, lng: -122.4350, cuisines: ['Desserts'], radiusKm: 8, rating: 4.7, deliveryTime: 50,
      twoPersonPrice: 18, veg: true, preOrder: true, discountText: 'Order cakes 24h ahead',
      hours: [[[3, 4, 5, 6, 0], '12:00', '21:00']],
      categories: [
        { name: 'Cakes (pre-order)', items: [
          veg('Chocolate Fudge Cake', 42, 'Three layers, whole 8" cake serves 10.', { stock: 3, groups: [{ name: 'Message on cake', min: 0, max: 1, options: [['Happy Birthday', 0], ['Congratulations', 0], ['Custom piping', 5]] }] }),
          veg('Strawberry Shortcake', 38, 'Chantilly cream and local strawberries.', { stock: 4 }),
        ] },
        { name: 'By the slice', items: [
          veg('Basque Cheesecake Slice', 7.5, 'Burnt top, creamy centre.'),
          veg('Salted Caramel Brownie', 5, 'Fudgy, with Maldon salt.'),
          veg('Macaron Box (6)', 14, 'Pistachio, raspberry, vanilla, chocolate, lemon, rose.'),
          veg('Affogato', 6.5, 'Vanilla gelato drowned in espresso.'),
        ] },
      ],
    },
    {
      name: 'Dogpatch Breakfast Club', slug: 'dogpatch-breakfast-club',
      address: '2295 3rd St, San Francisco, CA 94107', city: 'San Francisco', state: 'CA', zip: '94107',
      lat: 37.7597, lng: -122.3883, cuisines: ['Breakfast', 'American'], radiusKm: 6, rating: 1.5, deliveryTime: 25,
      twoPersonPrice: 32,
      hours: [[ALL_WEEK, '07:00', '11:30']],
      categories: [
        { name: 'All-day breakfast', items: [
          meat('Eggs Benedict', 15, 'Poached eggs, Canadian bacon, hollandaise, English muffin.'),
          veg('Buttermilk Pancakes', 12, 'Stack of three, maple syrup, whipped butter.', { groups: [{ name: 'Toppings', min: 0, max: 3, options: [['Blueberries', 2], ['Bananas', 1.5], ['Chocolate chips', 1.5], ['Bacon', 3]] }] }),
          veg('Avocado Toast', 11, 'Sourdough, smashed avocado, chili flakes, lemon.', { tags: ['New'] }),
          meat('Breakfast Burrito', 13, 'Scrambled eggs, chorizo, potatoes, cheddar.'),
          veg('Granola Parfait', 8, 'Greek yogurt, honey, house granola, berries.', { subscribable: true }),
          veg('Drip Coffee', 3.5, 'Bottomless when dining in.', { groups: [drinkSize] }),
        ] },
      ],
    },
  ],
  coupons: [
    { code: 'WELCOME10', name: '10% off your first order', description: 'Get 10% off your first Harbor Eats order, up to $5. Valid on delivery orders from every restaurant.', type: 'Delivery', percent: 10, maxDiscount: 5, minOrder: 15, perCustomer: 1,
      i18n: { ar: { name: 'خصم 10٪ على طلبك الأول', description: 'احصل على خصم 10٪ على طلبك الأول حتى 5 دولارات.' } } },
    { code: 'FLAT5', name: '$5 off orders over $25', description: 'Take $5 off any delivery order of $25 or more.', type: 'Delivery', flat: 5, minOrder: 25 },
    { code: 'PICKUP15', name: '15% off pickup', description: 'Skip the delivery fee and save 15% more when you pick up your order yourself.', type: 'Pickup', percent: 15, maxDiscount: 10 },
    { code: 'FREEBITE', name: 'One item on us', description: 'A free item up to $8. Valid for a single item only.', type: 'Both', percent: 100, maxDiscount: 8, freeOrder: true, perCustomer: 1 },
    { code: 'SUMMER30', name: 'Summer 30% off', description: 'Our summer deal has ended.', type: 'Delivery', percent: 30, maxDiscount: 12, expiresInDays: -30 },
  ],
  banners: [
    {
      title: 'Taco Tuesday at Mission Street', subtitle: 'Three tacos and a horchata, every Tuesday.', action: 'Order tacos',
      slug: 'taco-tuesday', store: 'mission-street-taqueria',
      i18n: {
        ar: { title: 'ثلاثاء التاكو في شارع ميشن', subtitle: 'ثلاث قطع تاكو ومشروب هورتشاتا كل ثلاثاء.', action: 'اطلب التاكو' },
        de: { title: 'Taco-Dienstag in der Mission Street', subtitle: 'Drei Tacos und eine Horchata, jeden Dienstag.', action: 'Tacos bestellen' },
        es: { title: 'Martes de tacos en Mission Street', subtitle: 'Tres tacos y una horchata, cada martes.', action: 'Pedir tacos' },
        fr: { title: 'Mardi tacos à Mission Street', subtitle: 'Trois tacos et une horchata, chaque mardi.', action: 'Commander des tacos' },
      },
    },
    {
      title: 'Pizza night, 20% off', subtitle: 'On orders above $30 at Golden Gate Pizzeria.', action: 'Order pizza',
      slug: 'pizza-night', store: 'golden-gate-pizzeria',
      i18n: {
        ar: { title: 'ليلة البيتزا، خصم 20٪', subtitle: 'على الطلبات فوق 30 دولارًا من بيتزيريا البوابة الذهبية.', action: 'اطلب البيتزا' },
        de: { title: 'Pizza-Abend, 20 % Rabatt', subtitle: 'Auf Bestellungen über 30 $ bei Golden Gate Pizzeria.', action: 'Pizza bestellen' },
        es: { title: 'Noche de pizza, 20 % de descuento', subtitle: 'En pedidos de más de 30 $ en Golden Gate Pizzeria.', action: 'Pedir pizza' },
        fr: { title: 'Soirée pizza, −20 %', subtitle: 'Sur les commandes de plus de 30 $ chez Golden Gate Pizzeria.', action: 'Commander une pizza' },
      },
    },
    {
      title: 'Order cakes for the weekend', subtitle: 'Whole cakes from Sweet Tide, ordered a day ahead.', action: 'Choose a cake',
      slug: 'weekend-cakes', store: 'sweet-tide-desserts',
      i18n: {
        ar: { title: 'اطلب كعك نهاية الأسبوع', subtitle: 'كعكات كاملة من سويت تايد، تُطلب قبل يوم.', action: 'اختر كعكة' },
        de: { title: 'Kuchen fürs Wochenende bestellen', subtitle: 'Ganze Kuchen von Sweet Tide, einen Tag im Voraus bestellt.', action: 'Kuchen auswählen' },
        es: { title: 'Pide tartas para el fin de semana', subtitle: 'Tartas enteras de Sweet Tide, con un día de antelación.', action: 'Elegir una tarta' },
        fr: { title: 'Commandez vos gâteaux pour le week-end', subtitle: 'Des gâteaux entiers de Sweet Tide, commandés la veille.', action: 'Choisir un gâteau' },
      },
    },
  ],
  brands: [
    { name: 'Harbor Originals', slug: 'harbor-originals', stores: ['burger-dock', 'dogpatch-breakfast-club'] },
  ],
  customers: [
    { name: 'Alex Rivera', mobile: '4155550100', email: 'alex@example.com', wallet: 25 },
    { name: 'Sam Chen', mobile: '4155550101', email: 'sam@example.com', wallet: 0 },
  ],
  drivers: [
    { name: 'Jordan Lee', phone: '+14155550140', vehicle: 'Scooter', vehicleNumber: '7HBR412', i18n: { ar: { name: 'جوردان لي', vehicle: 'دراجة نارية' }, de: { vehicle: 'Motorroller' }, es: { vehicle: 'Moto' }, fr: { vehicle: 'Scooter' } } },
    { name: 'Maria Santos', phone: '+14155550141', vehicle: 'Car', vehicleNumber: '8HBR205', i18n: { ar: { name: 'ماريا سانتوس', vehicle: 'سيارة' }, de: { vehicle: 'Auto' }, es: { vehicle: 'Coche' }, fr: { vehicle: 'Voiture' } } },
  ],
};
