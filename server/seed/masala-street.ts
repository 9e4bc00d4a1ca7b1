import type { ItemSeed, OptionGroupSeed, VendorSeed } from './types.ts';

/*
 * The payments demo vendor: a food delivery business in Bengaluru, in rupees, seeded only when the
 * providers' local doubles run (the demo, the browser tests), so the providers and delivery partners
 * that take rupees (Razorpay, PayU, Paytm, PhonePe, Cashfree; Porter, Dunzo) can be tried.
 */

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];

const veg = (name: string, price: number, description: string, extra: Partial<ItemSeed> = {}): ItemSeed => ({ name, price, description, veg: true, ...extra });
const meat = (name: string, price: number, description: string, extra: Partial<ItemSeed> = {}): ItemSeed => ({ name, price, description, veg: false, ...extra });

const spice: OptionGroupSeed = { name: 'Spice level', min: 1, max: 1, options: [['Mild', 0], ['Medium', 0], ['Hot', 0]] };
const bread: OptionGroupSeed = { name: 'Bread', min: 0, max: 2, options: [['Butter naan', 60], ['Garlic naan', 70], ['Tandoori roti', 30]] };

export const masalaStreet: VendorSeed = {
  slug: 'masala-street',
  name: 'Masala Street',
  hosts: ['masala.localhost'],
  currencyCode: 'INR',
  currencySymbol: '₹',
  priceDecimals: 2,
  countryCode: '91',
  productType: 1,
  primaryLang: 'en',
  secondaryLang: 'en',
  languages: ['en'],
  defaultLang: 'en',
  lat: 12.9716,
  lng: 77.5946,
  timeZone: 'Asia/Kolkata',
  settings: {
    copyright_name: 'Masala Street Foods Pvt. Ltd.',
    tax_name_primary_lang: 'GST',
    restaurant_name: 'Restaurant',
    app_name: 'Masala Street',
    app_logo: '/media/logo/masala-street.svg',
    flat_icon: '/media/favicon/masala-street.svg',
    app_layout: [{
      web_fav_logo: '/media/favicon/masala-street.svg',
      web_horizontal_logo: '/media/logo/masala-street.svg',
      web_square_logo: '/media/favicon/masala-street.svg',
    }],
    login_signup_page_image: '/media/banner/masala-welcome.svg',
    store_selection: 1,
    manual_store_selection_by_customer: 1,
    is_delivery_zone_available: 0,
    is_system_available: 1,
    is_pickup_enable: 'true',
    terminology: { takeaway_text: 'Takeaway' },
    subscription_status: 0,
    client_wallet_status: 'active',
    wallet_recharge: { minimum: 100, limit: 20000, amounts: [250, 500, 1000, 2000] },
    is_enable_schedule_order_after_business_hours: 1,
    show_contact_developer: 'No',
    support_field: { phone: '+91 80 5555 0123', whatsapp: '+918055550123', email: 'help@masalastreet.example' },
    support_chat: { is_enable: 1 },
    pages: {
      privacypolicy_url: 'https://masalastreet.example/privacy',
      help_url: 'https://masalastreet.example/help',
      terms_url: 'https://masalastreet.example/terms',
    },
    static_pages: [
      { page_name: 'About us', slug: 'about-us', identifier: 'about', is_external_link: false, url: '/demo/pages/about.html' },
    ],
    web_settings: {
      website_url: 'http://masala.localhost:8080/',
      theme_primary_color: '#9a3412',
      theme_secondary_color: '#f59e0b',
      text_primary_color: '#1c1917',
      text_secondary_color: '#57534e',
      footer_background_color: '#431407',
      footer_text_color: '#fef3c7',
      home_slider_background_color: '#fff7ed',
      button_primary_color: '#9a3412',
      button_secondary_color: '#f59e0b',
      button_text_primary_color: '#ffffff',
      button_text_secondary_color: '#1c1917',
      meta_description: 'Biryani, dosa and thali from Bengaluru kitchens, delivered hot.',
      title: 'Masala Street: food delivery in Bengaluru',
      keywords: 'biryani, dosa, thali, bengaluru, food delivery',
      google_client_id: '',
      fb_app_id: '',
      footer_text: 'Masala Street brings Bengaluru\'s favourite kitchens to your door.',
      instagram: 'https://instagram.com/masalastreet',
      facebook_link: '',
      twitter: '',
      youtube: '',
    },
  },
  i18n: {},
  cuisines: [{ name: 'South Indian' }, { name: 'North Indian' }, { name: 'Biryani' }],
  stores: [
    {
      name: 'Dosa Corner', slug: 'dosa-corner',
      address: '12 Church Street, Bengaluru', city: 'Bengaluru', state: 'Karnataka', zip: '560001',
      lat: 12.9750, lng: 77.6050, cuisines: ['South Indian'], radiusKm: 8, rating: 4.6, deliveryTime: 30,
      twoPersonPrice: 400, discountText: '20% off on your first order', minOrder: 150, tax: 5,
      deliveryCharge: 30, deliveryFreeKm: 2, deliveryPerKm: 8,
      hours: [[ALL_WEEK, '07:00', '23:00']],
      categories: [
        { name: 'Dosa', items: [
          veg('Masala Dosa', 120, 'Crisp rice crêpe, spiced potato, chutneys and sambar.', { featured: true }),
          veg('Ghee Roast Dosa', 150, 'Roasted in ghee, paper thin.'),
          veg('Rava Onion Dosa', 140, 'Semolina dosa with onion and green chilli.', { groups: [spice] }),
        ] },
        { name: 'Tiffin', items: [
          veg('Idli (2)', 60, 'Steamed rice cakes with chutney and sambar.'),
          veg('Medu Vada (2)', 70, 'Crisp lentil fritters.'),
          veg('Filter Coffee', 40, 'South Indian coffee with chicory, frothed.', { tags: ['New'] }),
        ] },
      ],
    },
    {
      name: 'Royal Biryani House', slug: 'royal-biryani-house',
      address: '45 Residency Road, Bengaluru', city: 'Bengaluru', state: 'Karnataka', zip: '560025',
      lat: 12.9680, lng: 77.6000, cuisines: ['Biryani', 'North Indian'], radiusKm: 10, rating: 4.4, deliveryTime: 40,
      twoPersonPrice: 700, minOrder: 200, tax: 5, packaging: 20,
      deliveryCharge: 40, deliveryFreeKm: 3, deliveryPerKm: 10,
      hours: [[ALL_WEEK, '11:00', '23:30']],
      categories: [
        { name: 'Biryani', items: [
          meat('Chicken Dum Biryani', 320, 'Basmati rice and chicken, slow cooked in a sealed pot.', { featured: true, groups: [spice] }),
          meat('Mutton Biryani', 420, 'Tender mutton, saffron rice.', { groups: [spice] }),
          veg('Veg Biryani', 240, 'Seasonal vegetables and basmati rice.'),
        ] },
        { name: 'Curries', items: [
          meat('Butter Chicken', 340, 'Tandoori chicken in a tomato and butter gravy.', { groups: [bread] }),
          veg('Paneer Tikka Masala', 290, 'Grilled paneer in a spiced gravy.', { groups: [bread] }),
          veg('Dal Makhani', 220, 'Black lentils slow cooked overnight.'),
        ] },
      ],
    },
  ],
  coupons: [
    { code: 'MASALA20', name: '20% off your first order', description: '20% off up to ₹100 on your first Masala Street order.', type: 'Both', percent: 20, maxDiscount: 100, minOrder: 200, perCustomer: 1 },
  ],
  banners: [
    { title: 'Biryani Sundays', subtitle: 'Dum biryani sealed in its pot, every Sunday.', action: 'Order biryani', slug: 'biryani-sundays', store: 'royal-biryani-house' },
  ],
  brands: [],
  customers: [{ name: 'Priya Sharma', mobile: '9876543210', email: 'priya@example.com', wallet: 500 }],
  drivers: [
    { name: 'Ravi Kumar', phone: '+919800000041', vehicle: 'Scooter', vehicleNumber: 'KA 01 AB 1234' },
  ],
};
