import type { I18n, ItemSeed, OptionGroupSeed, VendorSeed } from './types.ts';

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const en = (name: string, description = ''): I18n => ({ en: description ? { name, description } : { name } });

const item = (name: string, english: string, price: number, description: string, extra: Partial<ItemSeed> = {}): ItemSeed => ({
  name, price, description, veg: true, i18n: en(english, extra.description), ...extra,
});

const meatCut: OptionGroupSeed = {
  name: 'طريقة التقطيع', min: 1, max: 1, i18n: en('Cut type'),
  options: [
    ['قطع كبيرة', 0, en('Large cubes')],
    ['قطع صغيرة', 0, en('Small cubes')],
    ['مفروم', 2, en('Minced')],
    ['شرائح', 3, en('Sliced')],
  ],
};
const weight: OptionGroupSeed = {
  name: 'الوزن', min: 1, max: 1, i18n: en('Weight'),
  options: [['500 غرام', 0, en('500 g')], ['1 كيلو', 0, en('1 kg')], ['2 كيلو', 0, en('2 kg')]],
};
const breadExtras: OptionGroupSeed = {
  name: 'إضافات', min: 0, max: 2, i18n: en('Extras'),
  options: [['جبنة إضافية', 3, en('Extra cheese')], ['زعتر إضافي', 2, en('Extra zaatar')], ['سمسم', 1, en('Sesame')]],
};

export const souqAlMadina: VendorSeed = {
  slug: 'souq-al-madina',
  name: 'سوق المدينة',
  hosts: ['souq.localhost'],
  currencyCode: 'AED',
  currencySymbol: 'د.إ',
  priceDecimals: 2,
  countryCode: '971',
  productType: 2,
  primaryLang: 'ar',
  secondaryLang: 'en',
  languages: ['ar', 'en'],
  defaultLang: 'ar',
  lat: 25.2048,
  lng: 55.2708,
  timeZone: 'Asia/Dubai',
  settings: {
    // Arabic-first: opens in Arabic whatever the browser says; customers switch to English.
    detect_browser_language: false,
    copyright_name: 'سوق المدينة ذ.م.م',
    tax_name_primary_lang: 'ضريبة القيمة المضافة',
    restaurant_name: 'متجر',
    app_name: 'سوق المدينة',
    app_logo: '/media/logo/souq-al-madina.svg',
    flat_icon: '/media/favicon/souq-al-madina.svg',
    app_layout: [{
      web_fav_logo: '/media/favicon/souq-al-madina.svg',
      web_horizontal_logo: '/media/logo/souq-al-madina.svg',
      web_square_logo: '/media/favicon/souq-al-madina.svg',
    }],
    login_signup_page_image: '/media/banner/souq-welcome.svg',
    store_selection: 0,
    manual_store_selection_by_customer: 1,
    is_delivery_zone_available: 0,
    is_system_available: 1,
    is_pickup_enable: 'false',
    terminology: { takeaway_text: 'استلام من المتجر' },
    subscription_status: 1,
    client_wallet_status: 'active',
    wallet_recharge: { minimum: 20, limit: 2000, amounts: [50, 100, 200, 500] },
    is_enable_schedule_order_after_business_hours: 0,
    show_contact_developer: 'No',
    support_field: { phone: '+971 4 555 0123', whatsapp: '+97145550123', email: 'care@souq.example' },
    support_chat: { is_enable: 1 },
    pages: {
      privacypolicy_url: 'https://souq.example/ar/privacy',
      help_url: 'https://souq.example/ar/help',
      terms_url: 'https://souq.example/ar/terms',
    },
    static_pages: [
      { page_name: 'من نحن', slug: 'about-us', identifier: 'about', is_external_link: false, url: '/demo/pages/about.html' },
      { page_name: 'سياسة الاسترجاع', slug: 'refund-policy', identifier: 'refund', is_external_link: false, url: '/demo/pages/refund.html' },
    ],
    web_settings: {
      website_url: 'http://souq.localhost:8080/',
      theme_primary_color: '#0f5132',
      theme_secondary_color: '#c9a227',
      text_primary_color: '#10231a',
      text_secondary_color: '#5b6b61',
      footer_background_color: '#0b3d26',
      footer_text_color: '#f4ecd2',
      home_slider_background_color: '#f7f1df',
      button_primary_color: '#0f5132',
      button_secondary_color: '#c9a227',
      button_text_primary_color: '#ffffff',
      button_text_secondary_color: '#10231a',
      meta_description: 'بقالة طازجة من متاجر حيّك في دبي، توصيل خلال ساعة.',
      title: 'سوق المدينة: بقالة وتوصيل في دبي',
      keywords: 'بقالة, دبي, خضار, فواكه, لحوم, مخبز, توصيل',
      google_client_id: '',
      fb_app_id: '',
      footer_text: 'سوق المدينة يجمع البقالات والمخابز والملاحم في حيّك في مكان واحد، مع توصيل سريع إلى باب بيتك.',
      instagram: 'https://instagram.com/souqalmadina',
      facebook_link: '',
      twitter: 'https://twitter.com/souqalmadina',
      youtube: 'https://youtube.com/@souqalmadina',
    },
  },
  i18n: {
    en: {
      app_name: 'Souq Al Madina', restaurant_name: 'Store', tax_name_primary_lang: 'VAT',
      copyright_name: 'Souq Al Madina LLC',
      terminology: { takeaway_text: 'Store pickup' },
      static_pages: [
        { page_name: 'About us', slug: 'about-us', identifier: 'about', is_external_link: false, url: '/demo/pages/about.html' },
        { page_name: 'Refund Policy', slug: 'refund-policy', identifier: 'refund', is_external_link: false, url: '/demo/pages/refund.html' },
      ],
      web_settings: {
        title: 'Souq Al Madina: grocery delivery in Dubai',
        meta_description: 'Fresh groceries from your neighbourhood stores in Dubai, delivered within the hour.',
        keywords: 'grocery, dubai, vegetables, fruit, meat, bakery, delivery',
        footer_text: 'Souq Al Madina brings your neighbourhood grocers, bakers and butchers together, delivered fast to your door.',
      },
    },
  },
  cuisines: [
    { name: 'سوبرماركت', i18n: en('Supermarket') },
    { name: 'مخبز', i18n: en('Bakery') },
    { name: 'لحوم', i18n: en('Butcher') },
    { name: 'فواكه وخضروات', i18n: en('Fruit & Vegetables') },
    { name: 'صيدلية', i18n: en('Pharmacy') },
    { name: 'قهوة ومكسرات', i18n: en('Coffee & Nuts') },
  ],
  stores: [
    {
      name: 'سوبرماركت الخليج', slug: 'gulf-supermarket',
      address: 'شارع الشيخ زايد، برج المركز، دبي', city: 'دبي', state: 'دبي', zip: '00000',
      lat: 25.2100, lng: 55.2750, cuisines: ['سوبرماركت'], radiusKm: 8, rating: 4.5, deliveryTime: 45,
      twoPersonPrice: 120, discountText: 'خصم 10٪ على أول طلب', minOrder: 30, preOrder: true,
      tax: 5, deliveryCharge: 7, deliveryFreeKm: 3, deliveryPerKm: 1.5,
      hours: [[ALL_WEEK, '07:00', '01:00']],
      i18n: { en: { name: 'Gulf Supermarket', address: 'Sheikh Zayed Rd, Al Markaz Tower, Dubai', discount_text: '10% off your first order' } },
      categories: [
        { name: 'الألبان والبيض', i18n: en('Dairy & Eggs'), items: [
          item('حليب طازج كامل الدسم 2 لتر', 'Fresh full-fat milk 2 L', 12.5, 'حليب بقر طازج من مزارع محلية.', { unit: 'piece', subscribable: true }),
          item('لبن زبادي 1 كيلو', 'Plain yogurt 1 kg', 9.75, 'زبادي طبيعي كريمي.', { unit: 'piece', subscribable: true }),
          item('بيض بلدي 30 حبة', 'Free-range eggs, 30', 24, 'بيض طازج من دجاج حر.', { unit: 'piece', veg: false, stock: 12 }),
          item('جبنة حلوم', 'Halloumi cheese 250 g', 15.5, 'جبنة حلوم قبرصية للشوي.', { unit: 'piece' }),
        ] },
        { name: 'المواد الغذائية', i18n: en('Pantry'), items: [
          item('أرز بسمتي 5 كيلو', 'Basmati rice 5 kg', 42, 'أرز بسمتي هندي طويل الحبة.', { unit: 'piece', mrp: 48 }),
          item('زيت زيتون بكر ممتاز 1 لتر', 'Extra-virgin olive oil 1 L', 38.5, 'زيت زيتون فلسطيني معصور على البارد.', { unit: 'piece' }),
          item('تمر خلاص 1 كيلو', 'Khalas dates 1 kg', 29, 'تمر خلاص إماراتي فاخر.', { unit: 'kg', featured: true }),
          item('حمص معلب', 'Canned chickpeas 400 g', 4.25, 'حمص مسلوق جاهز.', { unit: 'piece' }),
          item('شاي أحمر 100 كيس', 'Black tea, 100 bags', 18, 'شاي سيلاني.', { unit: 'piece', available: false }),
        ] },
        { name: 'المشروبات', i18n: en('Drinks'), items: [
          item('مياه معدنية 12 × 500 مل', 'Mineral water 12 × 500 ml', 11, 'مياه معدنية طبيعية.', { unit: 'piece', subscribable: true }),
          item('عصير برتقال طازج 1 لتر', 'Fresh orange juice 1 L', 14, 'معصور يوميًا.', { unit: 'piece', stock: 6, tags: ['New'] }),
        ] },
      ],
    },
    {
      name: 'مخبز الريف', slug: 'al-reef-bakery',
      address: 'شارع الكرامة، الكرامة، دبي', city: 'دبي', state: 'دبي', zip: '00000',
      lat: 25.2450, lng: 55.3020, cuisines: ['مخبز'], radiusKm: 6, rating: 4.8, deliveryTime: 30,
      twoPersonPrice: 25, discountText: 'خبز طازج كل ساعة',
      hours: [[ALL_WEEK, '06:00', '23:00']],
      i18n: { en: { name: 'Al Reef Bakery', address: 'Karama St, Al Karama, Dubai', discount_text: 'Fresh bread every hour' } },
      categories: [
        { name: 'المعجنات', i18n: en('Manakish & pastries'), items: [
          item('منقوشة زعتر', 'Zaatar manakish', 5, 'زعتر وزيت زيتون على عجينة طازجة.', { unit: 'piece', groups: [breadExtras], featured: true }),
          item('منقوشة جبنة', 'Cheese manakish', 8, 'جبنة عكاوي وموزاريلا.', { unit: 'piece', groups: [breadExtras] }),
          item('فطاير سبانخ 6 حبات', 'Spinach fatayer, 6', 12, 'سبانخ وبصل وسماق.', { unit: 'piece' }),
          item('صفيحة لحم 6 حبات', 'Lahm bi ajeen, 6', 15, 'لحم غنم مفروم مع طماطم.', { unit: 'piece', veg: false }),
        ] },
        { name: 'الخبز', i18n: en('Bread'), items: [
          item('خبز عربي', 'Arabic bread, pack of 6', 3.5, 'خبز أبيض طازج.', { unit: 'piece', subscribable: true }),
          item('خبز صاج', 'Saj bread, pack of 4', 6, 'رقيق ومخبوز على الصاج.', { unit: 'piece', subscribable: true }),
          item('كعك بالسمسم', 'Sesame ka\'ak', 4, 'كعك القدس بالسمسم.', { unit: 'piece', stock: 5 }),
        ] },
      ],
    },
    {
      name: 'ملحمة البركة', slug: 'al-baraka-butchery',
      address: 'سوق السمك، ديرة، دبي', city: 'دبي', state: 'دبي', zip: '00000',
      lat: 25.2200, lng: 55.2850, cuisines: ['لحوم'], radiusKm: 7, rating: 4.1, deliveryTime: 50,
      twoPersonPrice: 90, discountText: 'لحوم محلية طازجة يوميًا، ذبح حلال، توصيل مبرّد مجاني فوق 150 درهم',
      hours: [[[6, 0, 1, 2, 3, 4], '08:00', '21:00']],
      i18n: { en: { name: 'Al Baraka Butchery', address: 'Fish Market, Deira, Dubai', discount_text: 'Fresh local halal meat daily, free chilled delivery over AED 150' } },
      categories: [
        { name: 'لحم غنم', i18n: en('Lamb'), items: [
          item('لحم غنم محلي', 'Local lamb', 55, 'لحم غنم طازج، السعر للكيلو.', { unit: 'kg', veg: false, groups: [meatCut, weight], featured: true }),
          item('ريش غنم', 'Lamb chops', 75, 'ريش متبلة جاهزة للشوي، السعر للكيلو.', { unit: 'kg', veg: false, stock: 5 }),
        ] },
        { name: 'لحم بقر', i18n: en('Beef'), items: [
          item('لحم بقر أسترالي', 'Australian beef', 48, 'بدون عظم، السعر للكيلو.', { unit: 'kg', veg: false, groups: [meatCut, weight] }),
          item('ستيك ريب آي', 'Ribeye steak', 32, 'قطعة 300 غرام.', { unit: 'piece', veg: false }),
        ] },
        { name: 'دواجن', i18n: en('Poultry'), items: [
          item('دجاج كامل طازج', 'Whole fresh chicken', 22, 'حوالي 1.2 كيلو.', { unit: 'piece', veg: false, groups: [{ name: 'التقطيع', min: 1, max: 1, i18n: en('Cut'), options: [['كامل', 0, en('Whole')], ['4 قطع', 0, en('4 pieces')], ['8 قطع', 1, en('8 pieces')]] }] }),
          item('صدور دجاج', 'Chicken breast', 34, 'بدون جلد، السعر للكيلو.', { unit: 'kg', veg: false }),
        ] },
      ],
    },
    {
      name: 'فواكه وخضار الواحة', slug: 'oasis-fruits-vegetables',
      address: 'شارع الوصل، الجميرا، دبي', city: 'دبي', state: 'دبي', zip: '00000',
      lat: 25.1900, lng: 55.2550, cuisines: ['فواكه وخضروات'], radiusKm: 6, rating: 0, deliveryTime: 35,
      twoPersonPrice: 40, veg: true, preOrder: true,
      hours: [[ALL_WEEK, '08:00', '22:00']],
      i18n: { en: { name: 'Oasis Fruits & Vegetables', address: 'Al Wasl Rd, Jumeirah, Dubai' } },
      categories: [
        { name: 'خضروات', i18n: en('Vegetables'), items: [
          item('طماطم', 'Tomatoes', 6.5, 'طماطم أردنية، السعر للكيلو.', { unit: 'kg', groups: [weight] }),
          item('خيار', 'Cucumbers', 5.75, 'خيار محلي، السعر للكيلو.', { unit: 'kg', groups: [weight] }),
          item('بقدونس', 'Parsley', 1.5, 'حزمة طازجة.', { unit: 'piece' }),
          item('بطاطا', 'Potatoes', 4, 'السعر للكيلو.', { unit: 'kg' }),
        ] },
        { name: 'فواكه', i18n: en('Fruit'), items: [
          item('مانجو هندي', 'Alphonso mangoes', 28, 'موسمي، السعر للكيلو.', { unit: 'kg', stock: 8, featured: true }),
          item('موز', 'Bananas', 7, 'موز الإكوادور، السعر للكيلو.', { unit: 'kg' }),
          item('رمان', 'Pomegranates', 12, 'السعر للكيلو.', { unit: 'kg' }),
          item('فراولة', 'Strawberries', 16, 'علبة 250 غرام.', { unit: 'piece', mrp: 19 }),
        ] },
      ],
    },
    {
      name: 'صيدلية الشفاء', slug: 'al-shifa-pharmacy',
      address: 'شارع الرقة، ديرة، دبي', city: 'دبي', state: 'دبي', zip: '00000',
      lat: 25.2650, lng: 55.3150, cuisines: ['صيدلية'], radiusKm: 9, rating: 1.8, deliveryTime: 25,
      twoPersonPrice: 60,
      i18n: { en: { name: 'Al Shifa Pharmacy', address: 'Al Rigga St, Deira, Dubai' } },
      categories: [
        { name: 'العناية الشخصية', i18n: en('Personal care'), items: [
          item('واقي شمس SPF 50', 'Sunscreen SPF 50', 65, '200 مل.', { unit: 'piece', tax: 5 }),
          item('معجون أسنان', 'Toothpaste', 12, '100 مل بالنعناع.', { unit: 'piece', tax: 5 }),
          item('مناديل معقمة', 'Antibacterial wipes', 9.5, '72 منديل.', { unit: 'piece', tax: 5 }),
        ] },
        { name: 'الصحة', i18n: en('Health'), items: [
          item('فيتامين د 1000', 'Vitamin D 1000 IU', 45, '60 كبسولة.', { unit: 'piece', tax: 5, stock: 10 }),
          item('باراسيتامول 500 ملغ', 'Paracetamol 500 mg', 8, '24 قرص.', { unit: 'piece', tax: 5 }),
          item('ميزان حرارة رقمي', 'Digital thermometer', 35, 'قراءة خلال 10 ثوانٍ.', { unit: 'piece', tax: 5 }),
        ] },
      ],
    },
    {
      name: 'محمصة السلطان', slug: 'al-sultan-roastery',
      address: 'سوق البهارات، ديرة، دبي', city: 'دبي', state: 'دبي', zip: '00000',
      lat: 25.2680, lng: 55.2970, cuisines: ['قهوة ومكسرات'], radiusKm: 5, rating: 4.9, deliveryTime: 40,
      twoPersonPrice: 70, onOff: false,
      i18n: { en: { name: 'Al Sultan Roastery', address: 'Spice Souq, Deira, Dubai' } },
      categories: [
        { name: 'القهوة', i18n: en('Coffee'), items: [
          item('قهوة عربية بالهيل', 'Arabic coffee with cardamom', 35, '250 غرام.', { unit: 'piece', groups: [{ name: 'التحميص', min: 1, max: 1, i18n: en('Roast'), options: [['فاتح', 0, en('Light')], ['وسط', 0, en('Medium')], ['غامق', 0, en('Dark')]] }] }),
          item('بن يمني', 'Yemeni coffee', 80, '250 غرام.', { unit: 'piece', stock: 4 }),
        ] },
        { name: 'المكسرات', i18n: en('Nuts'), items: [
          item('فستق حلبي محمص', 'Roasted pistachios', 95, 'السعر للكيلو.', { unit: 'kg', groups: [weight] }),
          item('لوز نيء', 'Raw almonds', 60, 'السعر للكيلو.', { unit: 'kg' }),
        ] },
      ],
    },
  ],
  coupons: [
    { code: 'SOUQ10', name: 'خصم 10٪ على طلبك الأول', description: 'خصم 10٪ حتى 25 درهم على أول طلب من سوق المدينة.', type: 'Delivery', percent: 10, maxDiscount: 25, minOrder: 50, perCustomer: 1,
      i18n: { en: { name: '10% off your first order', description: '10% off up to AED 25 on your first Souq Al Madina order.' } } },
    { code: 'FRESH20', name: '20 درهم على الفواكه والخضار', description: 'خصم 20 درهم على الطلبات فوق 100 درهم.', type: 'Delivery', flat: 20, minOrder: 100,
      i18n: { en: { name: 'AED 20 off fresh produce', description: 'AED 20 off orders over AED 100.' } } },
    { code: 'CASHBACK15', name: 'استرجاع 15 درهم في المحفظة', description: 'احصل على 15 درهم في محفظتك عند الطلب بقيمة 150 درهم أو أكثر.', type: 'Delivery', percent: 0, cashback: 15, minOrder: 150,
      i18n: { en: { name: 'AED 15 wallet cashback', description: 'Get AED 15 back in your wallet on orders of AED 150 or more.' } } },
    { code: 'RAMADAN25', name: 'عرض رمضان 25٪', description: 'انتهى عرض رمضان.', type: 'Delivery', percent: 25, maxDiscount: 50, expiresInDays: -60,
      i18n: { en: { name: 'Ramadan 25% off', description: 'The Ramadan offer has ended.' } } },
  ],
  banners: [
    {
      title: 'تمور الموسم وصلت', subtitle: 'خلاص ومجدول طازجة من المزارع.', action: 'تسوّق التمور', slug: 'dates-season', store: 'gulf-supermarket',
      i18n: { en: { title: 'Date season is here', subtitle: 'Fresh Khalas and Medjool from the farms.', action: 'Shop dates' } },
    },
    {
      title: 'مناقيش طازجة كل صباح', subtitle: 'زعتر وجبنة من الفرن إلى بابك.', action: 'اطلب المناقيش', slug: 'fresh-manakish', store: 'al-reef-bakery',
      i18n: { en: { title: 'Fresh manakish every morning', subtitle: 'Za\'atar and cheese, from the oven to your door.', action: 'Order manakish' } },
    },
  ],
  brands: [
    { name: 'منتجات محلية', slug: 'local-produce', stores: ['oasis-fruits-vegetables', 'al-baraka-butchery'], i18n: en('Local produce') },
  ],
  customers: [{ name: 'أحمد الحمادي', mobile: '501234567', email: 'ahmed@example.com', wallet: 250 }],
  drivers: [
    { name: 'خالد المنصوري', phone: '+971501230040', vehicle: 'دراجة نارية', vehicleNumber: 'DXB 41207', i18n: { en: { name: 'Khalid Al Mansoori', vehicle: 'Motorbike' } } },
    { name: 'يوسف الشامسي', phone: '+971501230041', vehicle: 'سيارة', vehicleNumber: 'DXB 52318', i18n: { en: { name: 'Yousef Al Shamsi', vehicle: 'Car' } } },
  ],
};
