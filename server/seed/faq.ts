/**
 * The demo vendors' frequently asked questions, in each of their languages: ordering, delivery
 * times, payment, cancellation, promo codes, tracking, problems with an order, pickup.
 */
import type pg from 'pg';

export interface FaqSeed { question: string; answer: string }

/** What differs between the demo vendors' answers. */
interface FaqFacts {
  name: string;
  /** Usual delivery time, e.g. "30–45". */
  minutes: string;
  pickup: boolean;
  email: string;
}

type FaqWriter = (f: FaqFacts) => FaqSeed[];

const WRITERS: Record<string, FaqWriter> = {
  en: (f) => [
    { question: 'How do I place an order?', answer: `Choose your delivery location, open a store, add items to your cart and tap Checkout. Sign in with your mobile number, pick an address and a payment method, and place the order. ${f.name} confirms it on the order's status page.` },
    { question: 'How long does delivery take?', answer: `Most orders arrive within ${f.minutes} minutes of the store accepting them. Each store shows its own estimate on its menu, and busy hours or bad weather can add a little time.` },
    { question: 'Which payment methods can I use?', answer: 'You can pay online by card, with your wallet balance, or in cash on delivery where the store accepts it. The checkout shows only the methods available for your order.' },
    { question: 'Can I cancel my order?', answer: 'You can cancel from the order\'s page until the store accepts it. Once the store has started preparing it, contact support and we will do our best to help. Online payments for cancelled orders are refunded to the original method or your wallet.' },
    { question: 'How do I use a promo code?', answer: 'Open Promocode from the menu or tap Offers in the cart, choose a code and apply it at checkout. Each code has its own minimum order, validity and limit per customer; the checkout tells you if a code cannot be used.' },
    { question: 'How can I track my order?', answer: 'Open Orders from the menu and choose your order: its status page shows every step, from accepted to delivered, and updates by itself.' },
    { question: 'An item is missing or wrong. What should I do?', answer: `Contact support within 24 hours with your order number and a photo if you can, by phone, WhatsApp or email (${f.email}). We will replace the item or refund it.` },
    f.pickup
      ? { question: 'Can I pick up my order myself?', answer: 'Yes. Switch the order mode to Pickup before checkout, and collect your order at the store when its status says it is ready. There is no delivery fee for pickup.' }
      : { question: 'Can I pick up my order myself?', answer: 'Not at the moment: every order is delivered to your address. Delivery is free above each store\'s minimum order.' },
  ],
  ar: (f) => [
    { question: 'كيف أطلب؟', answer: `اختر موقع التوصيل، وافتح المتجر، وأضف المنتجات إلى السلة، ثم اضغط على إتمام الطلب. سجّل الدخول برقم جوالك، واختر العنوان وطريقة الدفع، ثم أرسل الطلب. يؤكد ${f.name} طلبك في صفحة حالة الطلب.` },
    { question: 'كم يستغرق التوصيل؟', answer: `تصل معظم الطلبات خلال ${f.minutes} دقيقة من قبول المتجر لها. يعرض كل متجر وقته المتوقع في قائمته، وقد تزيد أوقات الذروة أو سوء الطقس المدة قليلًا.` },
    { question: 'ما طرق الدفع المتاحة؟', answer: 'يمكنك الدفع بالبطاقة عبر الإنترنت، أو من رصيد محفظتك، أو نقدًا عند الاستلام حيث يقبله المتجر. تعرض صفحة الدفع الطرق المتاحة لطلبك فقط.' },
    { question: 'هل يمكنني إلغاء طلبي؟', answer: 'يمكنك الإلغاء من صفحة الطلب ما دام المتجر لم يقبله بعد. إذا بدأ المتجر بتجهيزه فتواصل مع الدعم وسنبذل ما في وسعنا. تُعاد المبالغ المدفوعة إلكترونيًا للطلبات الملغاة إلى وسيلة الدفع نفسها أو إلى محفظتك.' },
    { question: 'كيف أستخدم رمز الخصم؟', answer: 'افتح «رمز الخصم» من القائمة أو اضغط على العروض في السلة، واختر الرمز وطبّقه عند الدفع. لكل رمز حد أدنى للطلب ومدة صلاحية وعدد مرات لكل عميل، وتخبرك صفحة الدفع إن تعذّر استخدامه.' },
    { question: 'كيف أتابع طلبي؟', answer: 'افتح «الطلبات» من القائمة واختر طلبك: تعرض صفحة الحالة كل خطوة من القبول حتى التوصيل وتتحدّث تلقائيًا.' },
    { question: 'ينقص طلبي منتج أو وصلني منتج خاطئ، ماذا أفعل؟', answer: `تواصل مع الدعم خلال 24 ساعة برقم الطلب وصورة إن أمكن، عبر الهاتف أو واتساب أو البريد (${f.email}). سنستبدل المنتج أو نعيد ثمنه.` },
    f.pickup
      ? { question: 'هل يمكنني استلام طلبي بنفسي؟', answer: 'نعم. اختر الاستلام قبل إتمام الطلب، واستلم طلبك من المتجر عندما تظهر حالته جاهزًا. لا رسوم توصيل على الاستلام.' }
      : { question: 'هل يمكنني استلام طلبي بنفسي؟', answer: 'ليس حاليًا: نوصل كل الطلبات إلى عنوانك. التوصيل مجاني فوق الحد الأدنى لطلب كل متجر.' },
  ],
  de: (f) => [
    { question: 'Wie bestelle ich?', answer: `Wähle deinen Lieferort, öffne ein Geschäft, lege Artikel in den Warenkorb und tippe auf Zur Kasse. Melde dich mit deiner Handynummer an, wähle Adresse und Zahlungsart und sende die Bestellung ab. ${f.name} bestätigt sie auf der Statusseite der Bestellung.` },
    { question: 'Wie lange dauert die Lieferung?', answer: `Die meisten Bestellungen kommen innerhalb von ${f.minutes} Minuten an, nachdem das Geschäft sie angenommen hat. Jedes Geschäft zeigt seine eigene Schätzung; Stoßzeiten oder schlechtes Wetter können etwas länger dauern.` },
    { question: 'Welche Zahlungsarten gibt es?', answer: 'Du kannst online mit Karte, mit deinem Guthaben oder bar bei Lieferung bezahlen, wo das Geschäft es annimmt. Die Kasse zeigt nur die Zahlungsarten, die für deine Bestellung gelten.' },
    { question: 'Kann ich meine Bestellung stornieren?', answer: 'Du kannst auf der Seite der Bestellung stornieren, bis das Geschäft sie annimmt. Danach wende dich an den Support. Online-Zahlungen stornierter Bestellungen werden auf die ursprüngliche Zahlungsart oder dein Guthaben erstattet.' },
    { question: 'Wie löse ich einen Gutscheincode ein?', answer: 'Öffne Gutscheine im Menü oder tippe im Warenkorb auf Angebote, wähle einen Code und wende ihn an der Kasse an. Jeder Code hat einen Mindestbestellwert, eine Gültigkeit und ein Limit pro Kunde; die Kasse sagt dir, wenn ein Code nicht gilt.' },
    { question: 'Wie verfolge ich meine Bestellung?', answer: 'Öffne Bestellungen im Menü und wähle deine Bestellung: Die Statusseite zeigt jeden Schritt von angenommen bis geliefert und aktualisiert sich selbst.' },
    { question: 'Ein Artikel fehlt oder ist falsch. Was tun?', answer: `Melde dich innerhalb von 24 Stunden mit der Bestellnummer und wenn möglich einem Foto beim Support, per Telefon, WhatsApp oder E-Mail (${f.email}). Wir ersetzen den Artikel oder erstatten ihn.` },
    f.pickup
      ? { question: 'Kann ich meine Bestellung selbst abholen?', answer: 'Ja. Stelle vor der Kasse auf Abholung um und hole die Bestellung im Geschäft ab, sobald ihr Status bereit anzeigt. Für Abholung fällt keine Liefergebühr an.' }
      : { question: 'Kann ich meine Bestellung selbst abholen?', answer: 'Im Moment nicht: Jede Bestellung wird an deine Adresse geliefert.' },
  ],
  es: (f) => [
    { question: '¿Cómo hago un pedido?', answer: `Elige tu ubicación de entrega, abre una tienda, añade productos al carrito y pulsa Pagar. Inicia sesión con tu número de móvil, elige la dirección y el método de pago, y envía el pedido. ${f.name} lo confirma en la página de estado del pedido.` },
    { question: '¿Cuánto tarda la entrega?', answer: `La mayoría de los pedidos llegan en ${f.minutes} minutos desde que la tienda los acepta. Cada tienda muestra su propia estimación; las horas punta o el mal tiempo pueden alargarla un poco.` },
    { question: '¿Qué métodos de pago puedo usar?', answer: 'Puedes pagar en línea con tarjeta, con el saldo de tu monedero o en efectivo a la entrega donde la tienda lo acepte. El pago muestra solo los métodos disponibles para tu pedido.' },
    { question: '¿Puedo cancelar mi pedido?', answer: 'Puedes cancelarlo desde la página del pedido hasta que la tienda lo acepte. Después, contacta con soporte. Los pagos en línea de pedidos cancelados se reembolsan al método original o a tu monedero.' },
    { question: '¿Cómo uso un código promocional?', answer: 'Abre Código promocional en el menú o pulsa Ofertas en el carrito, elige un código y aplícalo al pagar. Cada código tiene un pedido mínimo, una validez y un límite por cliente; el pago te avisa si un código no se puede usar.' },
    { question: '¿Cómo sigo mi pedido?', answer: 'Abre Pedidos en el menú y elige tu pedido: su página de estado muestra cada paso, de aceptado a entregado, y se actualiza sola.' },
    { question: 'Falta un producto o es incorrecto. ¿Qué hago?', answer: `Contacta con soporte en 24 horas con el número de pedido y una foto si puedes, por teléfono, WhatsApp o correo (${f.email}). Repondremos el producto o lo reembolsaremos.` },
    f.pickup
      ? { question: '¿Puedo recoger mi pedido yo mismo?', answer: 'Sí. Cambia el modo a Recoger antes de pagar y recoge tu pedido en la tienda cuando su estado indique que está listo. Recoger no tiene gastos de envío.' }
      : { question: '¿Puedo recoger mi pedido yo mismo?', answer: 'De momento no: todos los pedidos se entregan en tu dirección.' },
  ],
  fr: (f) => [
    { question: 'Comment passer une commande ?', answer: `Choisissez votre adresse de livraison, ouvrez un magasin, ajoutez des articles au panier et touchez Commander. Connectez-vous avec votre numéro de mobile, choisissez l'adresse et le moyen de paiement, puis validez. ${f.name} confirme la commande sur sa page de suivi.` },
    { question: 'Combien de temps prend la livraison ?', answer: `La plupart des commandes arrivent en ${f.minutes} minutes après leur acceptation par le magasin. Chaque magasin affiche sa propre estimation ; les heures de pointe ou la météo peuvent l'allonger un peu.` },
    { question: 'Quels moyens de paiement puis-je utiliser ?', answer: 'Vous pouvez payer en ligne par carte, avec le solde de votre portefeuille ou en espèces à la livraison lorsque le magasin l\'accepte. Le paiement n\'affiche que les moyens disponibles pour votre commande.' },
    { question: 'Puis-je annuler ma commande ?', answer: 'Vous pouvez annuler depuis la page de la commande tant que le magasin ne l\'a pas acceptée. Ensuite, contactez le support. Les paiements en ligne des commandes annulées sont remboursés sur le moyen d\'origine ou sur votre portefeuille.' },
    { question: 'Comment utiliser un code promo ?', answer: 'Ouvrez Code promo dans le menu ou touchez Offres dans le panier, choisissez un code et appliquez-le au paiement. Chaque code a un minimum de commande, une validité et une limite par client ; le paiement vous indique si un code ne peut pas être utilisé.' },
    { question: 'Comment suivre ma commande ?', answer: 'Ouvrez Commandes dans le menu et choisissez votre commande : sa page de suivi montre chaque étape, de l\'acceptation à la livraison, et se met à jour toute seule.' },
    { question: 'Un article manque ou est erroné. Que faire ?', answer: `Contactez le support sous 24 heures avec le numéro de commande et si possible une photo, par téléphone, WhatsApp ou e-mail (${f.email}). Nous remplacerons ou rembourserons l'article.` },
    f.pickup
      ? { question: 'Puis-je retirer ma commande moi-même ?', answer: 'Oui. Passez en mode Retrait avant de payer et récupérez votre commande au magasin quand son statut indique qu\'elle est prête. Le retrait n\'a pas de frais de livraison.' }
      : { question: 'Puis-je retirer ma commande moi-même ?', answer: 'Pas pour le moment : toutes les commandes sont livrées à votre adresse.' },
  ],
  th: (f) => [
    { question: 'สั่งอาหารอย่างไร', answer: `เลือกตำแหน่งจัดส่ง เปิดร้าน เพิ่มสินค้าลงตะกร้า แล้วแตะชำระเงิน เข้าสู่ระบบด้วยหมายเลขมือถือ เลือกที่อยู่และวิธีชำระเงิน แล้วส่งคำสั่งซื้อ ${f.name} จะยืนยันคำสั่งซื้อในหน้าสถานะ` },
    { question: 'จัดส่งนานเท่าไร', answer: `คำสั่งซื้อส่วนใหญ่จะถึงภายใน ${f.minutes} นาทีหลังร้านรับคำสั่งซื้อ แต่ละร้านแสดงเวลาโดยประมาณของตัวเอง ช่วงเวลาเร่งด่วนหรือสภาพอากาศอาจทำให้ช้าลงเล็กน้อย` },
    { question: 'ชำระเงินด้วยวิธีใดได้บ้าง', answer: 'ชำระออนไลน์ด้วยบัตร ใช้ยอดเงินในกระเป๋าเงิน หรือเงินสดเมื่อรับสินค้าในร้านที่รองรับ หน้าชำระเงินจะแสดงเฉพาะวิธีที่ใช้ได้กับคำสั่งซื้อของคุณ' },
    { question: 'ยกเลิกคำสั่งซื้อได้ไหม', answer: 'ยกเลิกได้จากหน้าคำสั่งซื้อจนกว่าร้านจะรับคำสั่งซื้อ หลังจากนั้นโปรดติดต่อฝ่ายสนับสนุน เงินที่ชำระออนไลน์จะคืนไปยังวิธีเดิมหรือกระเป๋าเงินของคุณ' },
    { question: 'ใช้รหัสโปรโมชันอย่างไร', answer: 'เปิดรหัสโปรโมชันจากเมนูหรือแตะข้อเสนอในตะกร้า เลือกรหัสแล้วใช้ตอนชำระเงิน แต่ละรหัสมียอดสั่งซื้อขั้นต่ำ วันหมดอายุ และจำนวนครั้งต่อลูกค้า' },
    { question: 'ติดตามคำสั่งซื้ออย่างไร', answer: 'เปิดคำสั่งซื้อจากเมนูแล้วเลือกคำสั่งซื้อ หน้าสถานะจะแสดงทุกขั้นตอนตั้งแต่รับคำสั่งซื้อจนจัดส่งและอัปเดตเอง' },
    { question: 'สินค้าขาดหรือผิด ต้องทำอย่างไร', answer: `ติดต่อฝ่ายสนับสนุนภายใน 24 ชั่วโมงพร้อมหมายเลขคำสั่งซื้อและรูปถ่ายถ้าทำได้ ทางโทรศัพท์ WhatsApp หรืออีเมล (${f.email}) เราจะเปลี่ยนสินค้าหรือคืนเงินให้` },
    f.pickup
      ? { question: 'รับสินค้าเองได้ไหม', answer: 'ได้ เปลี่ยนเป็นรับเองก่อนชำระเงิน แล้วรับที่ร้านเมื่อสถานะแสดงว่าพร้อม การรับเองไม่มีค่าจัดส่ง' }
      : { question: 'รับสินค้าเองได้ไหม', answer: 'ขณะนี้ยังไม่ได้ ทุกคำสั่งซื้อจัดส่งถึงที่อยู่ของคุณ' },
  ],
  ru: (f) => [
    { question: 'Как сделать заказ?', answer: `Выберите адрес доставки, откройте магазин, добавьте товары в корзину и нажмите «Оформить». Войдите по номеру телефона, выберите адрес и способ оплаты и отправьте заказ. ${f.name} подтвердит его на странице статуса заказа.` },
    { question: 'Сколько длится доставка?', answer: `Большинство заказов приезжает в течение ${f.minutes} минут после того, как магазин их принял. Каждый магазин показывает свою оценку; в часы пик или в плохую погоду доставка может занять чуть больше времени.` },
    { question: 'Какие способы оплаты доступны?', answer: 'Можно оплатить картой онлайн, балансом кошелька или наличными при получении, если магазин это принимает. При оформлении показаны только способы, доступные для вашего заказа.' },
    { question: 'Можно ли отменить заказ?', answer: 'Заказ можно отменить на его странице, пока магазин его не принял. После этого обратитесь в поддержку. Онлайн-оплата отменённых заказов возвращается тем же способом или на ваш кошелёк.' },
    { question: 'Как использовать промокод?', answer: 'Откройте «Промокод» в меню или нажмите «Предложения» в корзине, выберите код и примените его при оформлении. У каждого кода есть минимальная сумма заказа, срок действия и лимит на покупателя.' },
    { question: 'Как отследить заказ?', answer: 'Откройте «Заказы» в меню и выберите заказ: страница статуса показывает каждый шаг, от принятия до доставки, и обновляется сама.' },
    { question: 'Не хватает товара или привезли не тот. Что делать?', answer: `Свяжитесь с поддержкой в течение 24 часов, сообщите номер заказа и, если можно, пришлите фото — по телефону, в WhatsApp или по почте (${f.email}). Мы заменим товар или вернём деньги.` },
    f.pickup
      ? { question: 'Можно ли забрать заказ самому?', answer: 'Да. Перед оформлением выберите самовывоз и заберите заказ в магазине, когда его статус станет «готов». За самовывоз не взимается плата за доставку.' }
      : { question: 'Можно ли забрать заказ самому?', answer: 'Пока нет: все заказы доставляются по вашему адресу.' },
  ],
};

/** The demo vendors' facts, by vendor slug and language (the name as the vendor writes it in that language). */
const FACTS: Record<string, { minutes: string; pickup: boolean; email: string; names: Record<string, string> }> = {
  'harbor-eats': {
    minutes: '30–45', pickup: true, email: 'help@harboreats.example',
    names: { en: 'Harbor Eats', ar: 'هاربر إيتس', de: 'Harbor Eats', es: 'Harbor Eats', fr: 'Harbor Eats', th: 'Harbor Eats', ru: 'Harbor Eats' },
  },
  'souq-al-madina': {
    minutes: '60', pickup: false, email: 'care@souq.example',
    names: { en: 'Souq Al Madina', ar: 'سوق المدينة' },
  },
};

/** A demo vendor's questions in one language (empty for a vendor or language without any). */
export function demoFaq(vendorSlug: string, lang: string): FaqSeed[] {
  const facts = FACTS[vendorSlug];
  const write = WRITERS[lang];
  const name = facts?.names[lang];
  if (!facts || !write || !name) return [];
  return write({ name, minutes: facts.minutes, pickup: facts.pickup, email: facts.email });
}

/** Inserts a demo vendor's questions in each of its languages. */
export async function insertDemoFaq(c: pg.PoolClient, vendorId: number, vendorSlug: string, languages: readonly string[]): Promise<void> {
  for (const lang of languages) {
    for (const [i, entry] of demoFaq(vendorSlug, lang).entries()) {
      await c.query('INSERT INTO faqs (vendor_id, lang, question, answer, sort_order) VALUES ($1,$2,$3,$4,$5)', [vendorId, lang, entry.question, entry.answer, i]);
    }
  }
}
