import { formatMoney } from "../../../lib/money";
import type { Paint, ShapeKind } from "./art";

/**
 * The demo catalogue: a small leather-goods house selling bags, shoes, watches and accessories, written in English
 * and Spanish. Prices are integer cents in the store currency. Product numbers are stable: they become the ids
 * (prod_demo_01…), so re-seeding never duplicates anything and tests can name a product.
 */

export type CategorySlug = "handbags" | "shoes" | "watches" | "accessories" | "new-arrivals";

export type StyleDef = {
  /** Letter used in the variant id: var_demo_01_a. */
  key: string;
  en: string;
  es: string;
  paint: Paint;
  priceCents?: number;
  /** Overrides the product's sale price for this style; null takes the style off sale. */
  salePriceCents?: number | null;
  stock?: number;
  skuSuffix: string;
};

export type Ribbon = "new" | "sale" | "bestseller" | "limited" | "soon";

export type ProductDef = {
  n: number;
  /** File-name stem of its images. */
  slug: string;
  shape: ShapeKind;
  categories: CategorySlug[];
  titleEn: string;
  titleEs: string;
  subtitleEn: string;
  subtitleEs: string;
  descriptionEn: string;
  descriptionEs: string;
  materialsEn: string;
  materialsEs: string;
  ribbon?: Ribbon;
  priceCents: number;
  salePriceCents?: number;
  manageInventory: boolean;
  /** Default stock of each style when inventory is managed. */
  stock?: number;
  weightGrams: number;
  sku: string;
  /** Several styles → a 'Style' option; a single style → a single-variant product without options. */
  styles: StyleDef[];
  /**
   * Shoes: one variant per style and size, under a 'Colour' and a 'Size' option (the store's size filter,
   * docs/product.md#filters-and-sort). The first size keeps the style's variant id.
   */
  sizes?: string[];
  purchasable?: boolean;
  siteProductSelection?: string;
  /** How many days before the seed the product "arrived" (drives the 'newest' ordering). */
  ageDays: number;
  featured?: boolean;
};

export const ribbons: Record<Ribbon, { en: string; es: string }> = {
  new: { en: "New", es: "Nuevo" },
  sale: { en: "Sale", es: "Oferta" },
  bestseller: { en: "Bestseller", es: "Más vendido" },
  limited: { en: "Limited", es: "Edición limitada" },
  soon: { en: "Coming soon", es: "Próximamente" },
};

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join("");
const list = (...items: string[]) => `<ul>${items.map((t) => `<li>${t}</li>`).join("")}</ul>`;

export const categoryDefs: Array<{
  slug: CategorySlug;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
}> = [
  {
    slug: "handbags",
    nameEn: "Handbags",
    nameEs: "Bolsos",
    descriptionEn: "Totes, crossbody bags and clutches cut from full-grain leather and made to be carried every day.",
    descriptionEs: "Bolsos tote, bandoleras y clutches de piel plena flor, hechos para llevarse a diario.",
  },
  {
    slug: "shoes",
    nameEn: "Shoes",
    nameEs: "Zapatos",
    descriptionEn: "Sneakers, boots, loafers and heels built on comfortable lasts, with soles you can resole.",
    descriptionEs: "Zapatillas, botines, mocasines y tacones sobre hormas cómodas, con suelas que se pueden cambiar.",
  },
  {
    slug: "watches",
    nameEn: "Watches",
    nameEs: "Relojes",
    descriptionEn: "Classic, chronograph and dive watches with sapphire crystals and straps you can swap in seconds.",
    descriptionEs: "Relojes clásicos, cronógrafos y de buceo con cristal de zafiro y correas que se cambian en segundos.",
  },
  {
    slug: "accessories",
    nameEn: "Accessories",
    nameEs: "Accesorios",
    descriptionEn: "Belts, wallets, sunglasses and silk scarves: the small things that finish an outfit.",
    descriptionEs: "Cinturones, carteras, gafas de sol y pañuelos de seda: los detalles que completan un look.",
  },
  {
    slug: "new-arrivals",
    nameEn: "New Arrivals",
    nameEs: "Novedades",
    descriptionEn: "The latest pieces from our workshop, fresh for this season.",
    descriptionEs: "Las últimas piezas de nuestro taller, recién llegadas para esta temporada.",
  },
];

const cognac: Paint = { main: "#a0522d", metal: "gold" };
const black: Paint = { main: "#1f1f23", metal: "silver" };
const tan: Paint = { main: "#c08a57", metal: "gold" };

export const productDefs: ProductDef[] = [
  // ------------------------------------------------------------------------------------------------ handbags
  {
    n: 1,
    slug: "marlowe-tote",
    shape: "tote",
    categories: ["handbags"],
    titleEn: "Marlowe Leather Tote",
    titleEs: "Bolso tote Marlowe de piel",
    subtitleEn: "Roomy everyday tote in full-grain leather",
    subtitleEs: "Tote amplio para el día a día en piel plena flor",
    descriptionEn: p(
      "The Marlowe is the bag our customers reach for first: wide enough for a 15-inch laptop, light enough for a long day in the city.",
      "It is cut from a single hide of vegetable-tanned leather that darkens gently with use, and lined in cotton twill with an inner zip pocket for keys and cards.",
    ),
    descriptionEs: p(
      "El Marlowe es el bolso al que nuestros clientes recurren primero: cabe un portátil de 15 pulgadas y es ligero para todo un día en la ciudad.",
      "Está cortado de una sola pieza de piel curtida al vegetal que se oscurece con el uso, y forrado en sarga de algodón con un bolsillo interior con cremallera para llaves y tarjetas.",
    ),
    materialsEn: p("Full-grain vegetable-tanned leather, cotton twill lining, solid brass rivets.") + list("Width 42 cm, height 30 cm, depth 14 cm", "Handle drop 24 cm"),
    materialsEs: p("Piel plena flor curtida al vegetal, forro de sarga de algodón, remaches de latón macizo.") + list("Ancho 42 cm, alto 30 cm, fondo 14 cm", "Caída del asa 24 cm"),
    ribbon: "bestseller",
    priceCents: 18900,
    manageInventory: true,
    stock: 14,
    weightGrams: 950,
    sku: "VT-MAR",
    styles: [
      { key: "a", en: "Cognac", es: "Coñac", paint: cognac, skuSuffix: "COG" },
      { key: "b", en: "Black", es: "Negro", paint: black, skuSuffix: "BLK" },
      { key: "c", en: "Sand", es: "Arena", paint: { main: "#d2b48c", metal: "gold" }, skuSuffix: "SND", stock: 6 },
    ],
    ageDays: 120,
    featured: true,
  },
  {
    n: 2,
    slug: "sierra-crossbody",
    shape: "saddle",
    categories: ["handbags"],
    titleEn: "Sierra Crossbody Bag",
    titleEs: "Bolso bandolera Sierra",
    subtitleEn: "Saddle-shaped crossbody with an adjustable strap",
    subtitleEs: "Bandolera con forma de silla y correa ajustable",
    descriptionEn: p(
      "A rounded saddle bag that sits close to the body and keeps your phone, wallet and sunglasses within reach.",
      "The flap closes with a hand-finished buckle and the strap adjusts from shoulder to crossbody length.",
    ),
    descriptionEs: p(
      "Un bolso de silla redondeado que queda pegado al cuerpo y mantiene a mano el móvil, la cartera y las gafas de sol.",
      "La solapa se cierra con una hebilla acabada a mano y la correa se ajusta de hombro a bandolera.",
    ),
    materialsEn: p("Smooth calf leather, suede lining, antiqued brass buckle. Strap adjustable from 98 to 126 cm."),
    materialsEs: p("Piel de becerro lisa, forro de ante, hebilla de latón envejecido. Correa ajustable de 98 a 126 cm."),
    ribbon: "sale",
    priceCents: 14900,
    salePriceCents: 11900,
    manageInventory: true,
    stock: 9,
    weightGrams: 620,
    sku: "VT-SIE",
    styles: [
      { key: "a", en: "Tan", es: "Cuero", paint: tan, skuSuffix: "TAN" },
      { key: "b", en: "Olive", es: "Oliva", paint: { main: "#6b7a3a", metal: "gold" }, skuSuffix: "OLV" },
      { key: "c", en: "Burgundy", es: "Burdeos", paint: { main: "#6d1f2b", metal: "gold" }, skuSuffix: "BUR", salePriceCents: null },
    ],
    ageDays: 95,
    featured: true,
  },
  {
    n: 3,
    slug: "luna-clutch",
    shape: "clutch",
    categories: ["handbags", "new-arrivals"],
    titleEn: "Luna Evening Clutch",
    titleEs: "Clutch de noche Luna",
    subtitleEn: "Envelope clutch with a detachable chain",
    subtitleEs: "Clutch sobre con cadena desmontable",
    descriptionEn: p(
      "An envelope clutch for weddings, dinners and late nights. Carry it in the hand or clip on the slim chain to wear it on the shoulder.",
      "Inside there is room for a phone, a lipstick and a card holder, and a magnetic clasp keeps everything closed.",
    ),
    descriptionEs: p(
      "Un clutch tipo sobre para bodas, cenas y noches largas. Llévalo en la mano o engancha la fina cadena para colgarlo del hombro.",
      "Dentro caben el móvil, un pintalabios y un tarjetero, y un cierre magnético lo mantiene todo cerrado.",
    ),
    materialsEn: p("Metallic lamb leather, satin lining, gold- or silver-tone chain of 110 cm."),
    materialsEs: p("Piel de cordero metalizada, forro de satén, cadena dorada o plateada de 110 cm."),
    ribbon: "new",
    priceCents: 9900,
    manageInventory: true,
    stock: 12,
    weightGrams: 380,
    sku: "VT-LUN",
    styles: [
      { key: "a", en: "Gold", es: "Dorado", paint: { main: "#d4af37", metal: "gold" }, skuSuffix: "GLD" },
      { key: "b", en: "Silver", es: "Plateado", paint: { main: "#b8bcc4", metal: "silver" }, skuSuffix: "SLV" },
      { key: "c", en: "Midnight", es: "Medianoche", paint: { main: "#1c2440", metal: "silver" }, skuSuffix: "MID" },
    ],
    ageDays: 6,
    featured: true,
  },
  {
    n: 4,
    slug: "aria-bucket",
    shape: "bucket",
    categories: ["handbags"],
    titleEn: "Aria Bucket Bag",
    titleEs: "Bolso saco Aria",
    subtitleEn: "Drawstring bucket bag in soft nappa",
    subtitleEs: "Bolso saco con cordón en napa suave",
    descriptionEn: p(
      "Soft, slouchy and surprisingly roomy, the Aria closes with a leather drawstring and sits comfortably on the shoulder.",
      "Each one is stitched by hand in our partner workshop in Ubrique, so only a few are made every month.",
    ),
    descriptionEs: p(
      "Suave, desenfadado y sorprendentemente amplio, el Aria se cierra con un cordón de piel y se apoya cómodamente en el hombro.",
      "Cada uno se cose a mano en nuestro taller asociado de Ubrique, por eso solo se hacen unos pocos cada mes.",
    ),
    materialsEn: p("Nappa leather, unlined interior with a removable zip pouch, brass eyelets."),
    materialsEs: p("Piel napa, interior sin forro con neceser extraíble con cremallera, ojales de latón."),
    priceCents: 16500,
    manageInventory: true,
    weightGrams: 700,
    sku: "VT-ARI",
    styles: [
      { key: "a", en: "Terracotta", es: "Terracota", paint: { main: "#c0623c", metal: "gold" }, skuSuffix: "TER", stock: 2 },
      { key: "b", en: "Cream", es: "Crema", paint: { main: "#eadfc8", metal: "gold" }, skuSuffix: "CRM", stock: 3 },
    ],
    ageDays: 60,
  },
  {
    n: 5,
    slug: "metro-backpack",
    shape: "backpack",
    categories: ["handbags"],
    titleEn: "Metro Leather Backpack",
    titleEs: "Mochila de piel Metro",
    subtitleEn: "A city backpack with a padded laptop sleeve",
    subtitleEs: "Mochila urbana con funda acolchada para portátil",
    descriptionEn: p(
      "The Metro carries a 14-inch laptop, a change of clothes and your lunch without losing its shape.",
      "Two buckled straps hide magnetic closures, so it opens quickly on the train and stays shut in the crowd.",
    ),
    descriptionEs: p(
      "La Metro lleva un portátil de 14 pulgadas, una muda y la comida sin perder la forma.",
      "Dos correas con hebilla esconden cierres magnéticos: se abre rápido en el tren y se mantiene cerrada entre la multitud.",
    ),
    materialsEn: p("Pull-up leather, recycled polyester lining, padded back panel, nickel-free hardware."),
    materialsEs: p("Piel engrasada, forro de poliéster reciclado, espalda acolchada, herrajes sin níquel."),
    ribbon: "bestseller",
    priceCents: 22900,
    manageInventory: true,
    stock: 8,
    weightGrams: 1250,
    sku: "VT-MET",
    styles: [
      { key: "a", en: "Black", es: "Negro", paint: black, skuSuffix: "BLK" },
      { key: "b", en: "Chestnut", es: "Castaño", paint: { main: "#7b4a2a", metal: "silver" }, skuSuffix: "CHE" },
    ],
    ageDays: 150,
  },
  {
    n: 6,
    slug: "bianca-mini",
    shape: "top-handle",
    categories: ["handbags", "new-arrivals"],
    titleEn: "Bianca Mini Top-Handle Bag",
    titleEs: "Bolso de mano mini Bianca",
    subtitleEn: "Structured mini bag with a turn-lock",
    subtitleEs: "Mini bolso estructurado con cierre giratorio",
    descriptionEn: p(
      "Small in size and big on polish: the Bianca has a sculpted top handle, a turn-lock flap and a detachable shoulder strap.",
      "Its structured base keeps it standing upright on a restaurant table.",
    ),
    descriptionEs: p(
      "Pequeño de tamaño y grande en detalles: el Bianca tiene un asa superior esculpida, solapa con cierre giratorio y correa de hombro desmontable.",
      "Su base estructurada lo mantiene de pie sobre la mesa de un restaurante.",
    ),
    materialsEn: p("Saffiano-finish calf leather, microsuede lining, gold-tone turn-lock."),
    materialsEs: p("Piel de becerro con acabado saffiano, forro de microante, cierre giratorio dorado."),
    ribbon: "new",
    priceCents: 13900,
    manageInventory: true,
    stock: 10,
    weightGrams: 540,
    sku: "VT-BIA",
    styles: [
      { key: "a", en: "Blush", es: "Rosa palo", paint: { main: "#e8b4b0", metal: "gold" }, skuSuffix: "BLU" },
      { key: "b", en: "Ivory", es: "Marfil", paint: { main: "#efe8d8", metal: "gold" }, skuSuffix: "IVO" },
      { key: "c", en: "Sage", es: "Salvia", paint: { main: "#9caf88", metal: "gold" }, skuSuffix: "SAG" },
    ],
    ageDays: 3,
    featured: true,
  },
  {
    n: 7,
    slug: "weekend-duffle",
    shape: "duffle",
    categories: ["handbags"],
    titleEn: "Weekend Duffle Bag",
    titleEs: "Bolsa de viaje Weekend",
    subtitleEn: "Waxed canvas and leather, cabin-size",
    subtitleEs: "Lona encerada y piel, tamaño cabina",
    descriptionEn: p(
      "Two nights away, one bag. The Weekend duffle is made of water-repellent waxed canvas trimmed in leather and fits in most overhead bins.",
      "A zipped shoe compartment at one end keeps dirty soles away from your shirts.",
    ),
    descriptionEs: p(
      "Dos noches fuera, una sola bolsa. La Weekend es de lona encerada repelente al agua con remates de piel y cabe en la mayoría de maleteros de cabina.",
      "Un compartimento con cremallera en un extremo separa los zapatos de las camisas.",
    ),
    materialsEn: p("Waxed cotton canvas, vegetable-tanned leather trims, YKK brass zip. Capacity 38 litres."),
    materialsEs: p("Lona de algodón encerada, remates de piel curtida al vegetal, cremallera YKK de latón. Capacidad 38 litros."),
    priceCents: 17900,
    manageInventory: false,
    weightGrams: 1600,
    sku: "VT-WKD",
    styles: [
      { key: "a", en: "Navy", es: "Azul marino", paint: { main: "#2c3e5c", accent: "#8b5a2b", metal: "gold" }, skuSuffix: "NAV" },
      { key: "b", en: "Olive", es: "Oliva", paint: { main: "#5b6238", accent: "#6b4226", metal: "gold" }, skuSuffix: "OLV" },
    ],
    ageDays: 200,
  },

  // ------------------------------------------------------------------------------------------------ shoes
  {
    n: 8,
    slug: "alba-sneakers",
    shape: "sneaker",
    categories: ["shoes"],
    titleEn: "Alba Leather Sneakers",
    titleEs: "Zapatillas de piel Alba",
    subtitleEn: "Clean leather sneakers on a cupsole",
    subtitleEs: "Zapatillas de piel lisas con suela cosida",
    descriptionEn: p(
      "Minimal low-tops that go with jeans, chinos and summer dresses alike.",
      "The rubber cupsole is stitched, not just glued, so it can be replaced when it wears out.",
    ),
    descriptionEs: p(
      "Zapatillas bajas minimalistas que combinan igual con vaqueros, chinos o vestidos de verano.",
      "La suela de goma va cosida, no solo pegada, así que puede cambiarse cuando se desgaste.",
    ),
    materialsEn: p("Calf leather upper, leather lining, natural rubber cupsole, removable cork insole."),
    materialsEs: p("Corte de piel de becerro, forro de piel, suela de caucho natural, plantilla de corcho extraíble."),
    ribbon: "bestseller",
    priceCents: 12900,
    manageInventory: true,
    stock: 25,
    weightGrams: 900,
    sku: "VT-ALB",
    sizes: ["39", "40", "41", "42", "43"],
    styles: [
      { key: "a", en: "White", es: "Blanco", paint: { main: "#f5f5f2", accent: "#d9d9d4", sole: "#f4f1ea" }, skuSuffix: "WHT" },
      { key: "b", en: "White / Green", es: "Blanco / Verde", paint: { main: "#f5f5f2", accent: "#2e7d4f", sole: "#f4f1ea" }, skuSuffix: "WGR" },
      { key: "c", en: "Black", es: "Negro", paint: { main: "#232326", accent: "#3a3a3e", sole: "#f4f1ea" }, skuSuffix: "BLK" },
    ],
    ageDays: 180,
    featured: true,
  },
  {
    n: 9,
    slug: "toledo-chelsea",
    shape: "chelsea-boot",
    categories: ["shoes"],
    titleEn: "Toledo Chelsea Boots",
    titleEs: "Botines Chelsea Toledo",
    subtitleEn: "Goodyear-welted boots in oiled suede",
    subtitleEs: "Botines con cosido Goodyear en ante engrasado",
    descriptionEn: p(
      "Pull them on, walk out the door. Elastic side panels and a back tab make the Toledo the easiest boot you will own.",
      "The Goodyear welt means years of resoling; the oiled suede shrugs off light rain.",
    ),
    descriptionEs: p(
      "Te los pones y sales por la puerta. Los elásticos laterales y la lengüeta trasera hacen del Toledo la bota más cómoda que tendrás.",
      "El cosido Goodyear permite cambiar la suela durante años; el ante engrasado aguanta la lluvia ligera.",
    ),
    materialsEn: p("Oiled suede upper, leather lining, Goodyear-welted rubber sole."),
    materialsEs: p("Corte de ante engrasado, forro de piel, suela de goma con cosido Goodyear."),
    ribbon: "sale",
    priceCents: 21900,
    salePriceCents: 16900,
    manageInventory: true,
    stock: 7,
    weightGrams: 1400,
    sku: "VT-TOL",
    sizes: ["40", "41", "42", "43", "44"],
    styles: [
      { key: "a", en: "Brown", es: "Marrón", paint: { main: "#5c3a21", sole: "#2a1d14" }, skuSuffix: "BRN" },
      { key: "b", en: "Black", es: "Negro", paint: { main: "#1f1f22", sole: "#151515" }, skuSuffix: "BLK" },
    ],
    ageDays: 140,
  },
  {
    n: 10,
    slug: "valencia-pumps",
    shape: "pump",
    categories: ["shoes"],
    titleEn: "Valencia Stiletto Pumps",
    titleEs: "Zapatos de tacón Valencia",
    subtitleEn: "Pointed pumps with a 9 cm heel",
    subtitleEs: "Salones de punta fina con tacón de 9 cm",
    descriptionEn: p(
      "A timeless pointed pump with a softly curved vamp that lengthens the leg.",
      "A padded leather insole and a heel placed right under your own make the Valencia wearable from dinner to dancing.",
    ),
    descriptionEs: p(
      "Un salón de punta atemporal con un empeine suavemente curvado que estiliza la pierna.",
      "La plantilla acolchada de piel y un tacón colocado justo bajo el tuyo hacen que el Valencia se lleve de la cena al baile.",
    ),
    materialsEn: p("Patent or suede calf leather, leather sole with rubber heel tip. Heel height 9 cm."),
    materialsEs: p("Piel de becerro charol o ante, suela de cuero con tapa de goma. Altura del tacón 9 cm."),
    priceCents: 15900,
    manageInventory: true,
    stock: 11,
    weightGrams: 600,
    sku: "VT-VAL",
    sizes: ["36", "37", "38", "39", "40"],
    styles: [
      { key: "a", en: "Nude", es: "Nude", paint: { main: "#d8ab8c" }, skuSuffix: "NUD" },
      { key: "b", en: "Black", es: "Negro", paint: { main: "#1c1c1f" }, skuSuffix: "BLK" },
      { key: "c", en: "Red", es: "Rojo", paint: { main: "#b3122e" }, skuSuffix: "RED" },
    ],
    ageDays: 110,
  },
  {
    n: 11,
    slug: "oxford-loafers",
    shape: "loafer",
    categories: ["shoes"],
    titleEn: "Oxford Penny Loafers",
    titleEs: "Mocasines Oxford",
    subtitleEn: "Hand-sewn penny loafers",
    subtitleEs: "Mocasines cosidos a mano",
    descriptionEn: p(
      "The moccasin construction is sewn by hand around the foot, so the loafer feels broken in from the first day.",
      "Wear them with socks in winter and without in summer: the leather lining breathes.",
    ),
    descriptionEs: p(
      "La construcción mocasín se cose a mano alrededor del pie, así que el mocasín parece domado desde el primer día.",
      "Llévalos con calcetines en invierno y sin ellos en verano: el forro de piel transpira.",
    ),
    materialsEn: p("Polished calf leather, leather lining, leather sole with a rubber insert."),
    materialsEs: p("Piel de becerro pulida, forro de piel, suela de cuero con inserción de goma."),
    priceCents: 17500,
    manageInventory: true,
    weightGrams: 950,
    sku: "VT-OXF",
    sizes: ["40", "41", "42", "43"],
    styles: [
      { key: "a", en: "Burgundy", es: "Burdeos", paint: { main: "#6d1f2b", sole: "#3a2418" }, skuSuffix: "BUR", stock: 5 },
      { key: "b", en: "Tan", es: "Cuero", paint: { main: "#b87a46", sole: "#3a2418" }, skuSuffix: "TAN", stock: 0 },
    ],
    ageDays: 170,
  },
  {
    n: 12,
    slug: "costa-runner",
    shape: "sneaker",
    categories: ["shoes", "new-arrivals"],
    titleEn: "Costa Runner Sneakers",
    titleEs: "Zapatillas Costa Runner",
    subtitleEn: "Lightweight runners in recycled knit",
    subtitleEs: "Zapatillas ligeras de punto reciclado",
    descriptionEn: p(
      "Our lightest shoe yet: a breathable knit upper made from recycled bottles on a springy foam sole.",
      "Built for long walks along the seafront and weekends that never quite sit still.",
    ),
    descriptionEs: p(
      "Nuestra zapatilla más ligera: un corte de punto transpirable hecho con botellas recicladas sobre una suela de espuma con rebote.",
      "Pensada para largos paseos por el paseo marítimo y fines de semana sin parar.",
    ),
    materialsEn: p("Recycled polyester knit, EVA foam midsole, natural rubber outsole."),
    materialsEs: p("Punto de poliéster reciclado, entresuela de espuma EVA, suela de caucho natural."),
    ribbon: "new",
    priceCents: 9500,
    manageInventory: true,
    stock: 30,
    weightGrams: 700,
    sku: "VT-COS",
    sizes: ["37", "38", "39", "40", "41", "42"],
    styles: [
      { key: "a", en: "Coral", es: "Coral", paint: { main: "#f07a63", accent: "#ffffff", sole: "#faf7f2" }, skuSuffix: "COR" },
      { key: "b", en: "Grey", es: "Gris", paint: { main: "#9aa0a6", accent: "#e0563b", sole: "#faf7f2" }, skuSuffix: "GRY" },
      { key: "c", en: "Navy", es: "Azul marino", paint: { main: "#22345a", accent: "#f2c14e", sole: "#faf7f2" }, skuSuffix: "NAV" },
    ],
    ageDays: 2,
    featured: true,
  },
  {
    n: 13,
    slug: "sevilla-sandals",
    shape: "sandal",
    categories: ["shoes"],
    titleEn: "Sevilla Block-Heel Sandals",
    titleEs: "Sandalias de tacón ancho Sevilla",
    subtitleEn: "Strappy sandals on a steady 6 cm heel",
    subtitleEs: "Sandalias de tiras sobre un tacón estable de 6 cm",
    descriptionEn: p(
      "Slim straps, a buckled ankle and a block heel you can stand on all evening.",
      "The footbed is lined in soft leather and cushioned with a thin layer of latex.",
    ),
    descriptionEs: p(
      "Tiras finas, pulsera con hebilla en el tobillo y un tacón ancho para estar de pie toda la tarde.",
      "La plantilla está forrada en piel suave y amortiguada con una fina capa de látex.",
    ),
    materialsEn: p("Calf leather straps, leather-lined cushioned footbed, stacked leather heel."),
    materialsEs: p("Tiras de piel de becerro, plantilla acolchada forrada en piel, tacón de cuero apilado."),
    ribbon: "sale",
    priceCents: 11900,
    salePriceCents: 8900,
    manageInventory: true,
    stock: 4,
    weightGrams: 520,
    sku: "VT-SEV",
    sizes: ["36", "37", "38", "39"],
    styles: [
      { key: "a", en: "Camel", es: "Camel", paint: { main: "#c49a6c", sole: "#8a5a3a", metal: "gold" }, skuSuffix: "CAM" },
      { key: "b", en: "Black", es: "Negro", paint: { main: "#1e1e1e", sole: "#c8a27a", metal: "gold" }, skuSuffix: "BLK" },
    ],
    ageDays: 45,
  },
  {
    n: 14,
    slug: "ibiza-espadrilles",
    shape: "espadrille",
    categories: ["shoes"],
    titleEn: "Ibiza Espadrilles",
    titleEs: "Alpargatas Ibiza",
    subtitleEn: "Handmade in La Rioja with a jute sole",
    subtitleEs: "Hechas a mano en La Rioja con suela de yute",
    descriptionEn: p(
      "Classic canvas espadrilles, stitched by hand onto a braided jute sole by a family workshop in La Rioja.",
      "They mould to your foot after a few days and are the only shoe you need for a summer on the islands.",
    ),
    descriptionEs: p(
      "Alpargatas clásicas de lona, cosidas a mano sobre una suela de yute trenzado por un taller familiar de La Rioja.",
      "Se adaptan al pie en pocos días y son el único calzado que necesitas para un verano en las islas.",
    ),
    materialsEn: p("Cotton canvas, braided jute sole with a vulcanised rubber tread."),
    materialsEs: p("Lona de algodón, suela de yute trenzado con piso de caucho vulcanizado."),
    priceCents: 4900,
    manageInventory: false,
    weightGrams: 450,
    sku: "VT-IBZ",
    sizes: ["38", "39", "40", "41", "42"],
    styles: [{ key: "a", en: "Navy", es: "Azul marino", paint: { main: "#1f3a5f" }, skuSuffix: "NAV" }],
    ageDays: 75,
  },

  // ------------------------------------------------------------------------------------------------ watches
  {
    n: 15,
    slug: "meridian-classic",
    shape: "watch-classic",
    categories: ["watches"],
    titleEn: "Meridian Classic Watch",
    titleEs: "Reloj clásico Meridian",
    subtitleEn: "38 mm dress watch with a sapphire crystal",
    subtitleEs: "Reloj de vestir de 38 mm con cristal de zafiro",
    descriptionEn: p(
      "Slim enough to slide under a shirt cuff, the Meridian pairs a domed sapphire crystal with applied hour markers and leaf hands.",
      "Swiss quartz movement, water resistant to 50 metres, and a quick-release strap you can change without tools.",
    ),
    descriptionEs: p(
      "Lo bastante fino para deslizarse bajo el puño de la camisa, el Meridian combina un cristal de zafiro abombado con índices aplicados y agujas de hoja.",
      "Movimiento de cuarzo suizo, resistente al agua hasta 50 metros y correa de cambio rápido sin herramientas.",
    ),
    materialsEn: p("316L stainless steel case, sapphire crystal, Italian leather strap.") + list("Case 38 mm, thickness 7.8 mm", "Lug width 20 mm"),
    materialsEs: p("Caja de acero inoxidable 316L, cristal de zafiro, correa de piel italiana.") + list("Caja 38 mm, grosor 7,8 mm", "Ancho entre asas 20 mm"),
    ribbon: "bestseller",
    priceCents: 24900,
    manageInventory: true,
    stock: 15,
    weightGrams: 60,
    sku: "VT-MER",
    styles: [
      { key: "a", en: "Silver / Black", es: "Plateado / Negro", paint: { main: "#1f1f22", metal: "silver", dial: "#f4f2ec" }, skuSuffix: "SLB" },
      { key: "b", en: "Gold / Brown", es: "Dorado / Marrón", paint: { main: "#5a3520", metal: "gold", dial: "#f3ede0" }, skuSuffix: "GLB", priceCents: 26900 },
      { key: "c", en: "Rose Gold / Blush", es: "Oro rosa / Rosa palo", paint: { main: "#d9a9a0", metal: "rose", dial: "#fbf3ef" }, skuSuffix: "RGB", priceCents: 26900 },
    ],
    ageDays: 220,
    featured: true,
  },
  {
    n: 16,
    slug: "regatta-chrono",
    shape: "watch-chrono",
    categories: ["watches"],
    titleEn: "Regatta Chronograph",
    titleEs: "Reloj cronógrafo Regatta",
    subtitleEn: "42 mm chronograph with a tachymeter bezel",
    subtitleEs: "Cronógrafo de 42 mm con bisel taquimétrico",
    descriptionEn: p(
      "Inspired by sailing regattas on the Bay of Cádiz: three sub-dials, a tachymeter bezel and a sunburst dial that changes with the light.",
      "The chronograph measures up to 60 minutes to the fifth of a second.",
    ),
    descriptionEs: p(
      "Inspirado en las regatas de la bahía de Cádiz: tres subesferas, bisel taquimétrico y una esfera rayos de sol que cambia con la luz.",
      "El cronógrafo mide hasta 60 minutos con precisión de una quinta de segundo.",
    ),
    materialsEn: p("Stainless steel case, sapphire crystal, screw-down case back, leather strap. Water resistant to 100 m."),
    materialsEs: p("Caja de acero inoxidable, cristal de zafiro, fondo roscado, correa de piel. Resistente al agua hasta 100 m."),
    ribbon: "sale",
    priceCents: 32900,
    salePriceCents: 27900,
    manageInventory: true,
    stock: 6,
    weightGrams: 95,
    sku: "VT-REG",
    styles: [
      { key: "a", en: "Steel / Blue", es: "Acero / Azul", paint: { main: "#1d2633", metal: "silver", dial: "#1f3b73" }, skuSuffix: "STB" },
      { key: "b", en: "Black", es: "Negro", paint: { main: "#18181b", metal: "black", dial: "#111114", accent: "#e0563b" }, skuSuffix: "BLK", priceCents: 29900, salePriceCents: 24900 },
    ],
    ageDays: 90,
  },
  {
    n: 17,
    slug: "nomad-field",
    shape: "watch-field",
    categories: ["watches"],
    titleEn: "Nomad Field Watch",
    titleEs: "Reloj de campo Nomad",
    subtitleEn: "Legible, rugged, automatic",
    subtitleEs: "Legible, resistente y automático",
    descriptionEn: p(
      "A field watch in the military tradition: high-contrast dial, luminous hands and a Japanese automatic movement with a 40-hour reserve.",
      "Made in small batches; when a colour sells out it can take a few weeks to return.",
    ),
    descriptionEs: p(
      "Un reloj de campo de tradición militar: esfera de alto contraste, agujas luminiscentes y movimiento automático japonés con 40 horas de reserva.",
      "Se fabrica en pequeñas series; cuando un color se agota puede tardar unas semanas en volver.",
    ),
    materialsEn: p("Bead-blasted steel case, sapphire crystal, canvas strap with leather lining."),
    materialsEs: p("Caja de acero microgranallado, cristal de zafiro, correa de lona con forro de piel."),
    priceCents: 27500,
    manageInventory: true,
    weightGrams: 80,
    sku: "VT-NOM",
    styles: [
      { key: "a", en: "Olive", es: "Oliva", paint: { main: "#5b6238", metal: "silver", dial: "#2b2d26" }, skuSuffix: "OLV", stock: 1 },
      { key: "b", en: "Sand", es: "Arena", paint: { main: "#c2a878", metal: "silver", dial: "#efe7d6" }, skuSuffix: "SND", stock: 3 },
    ],
    ageDays: 130,
  },
  {
    n: 18,
    slug: "aurora-minimal",
    shape: "watch-minimal",
    categories: ["watches", "new-arrivals"],
    titleEn: "Aurora Minimalist Watch",
    titleEs: "Reloj minimalista Aurora",
    subtitleEn: "Clean 36 mm dial, nothing extra",
    subtitleEs: "Esfera limpia de 36 mm, nada más",
    descriptionEn: p(
      "Four markers, two hands and a lot of calm. The Aurora is our quietest watch, designed to be worn every day and noticed up close.",
      "Available on leather or on a fine Milanese mesh that adjusts anywhere along its length.",
    ),
    descriptionEs: p(
      "Cuatro índices, dos agujas y mucha calma. El Aurora es nuestro reloj más discreto, pensado para llevarlo a diario y apreciarlo de cerca.",
      "Disponible con correa de piel o con una fina malla milanesa que se ajusta en cualquier punto.",
    ),
    materialsEn: p("Brushed steel case, mineral crystal, leather strap or Milanese mesh bracelet."),
    materialsEs: p("Caja de acero cepillado, cristal mineral, correa de piel o brazalete de malla milanesa."),
    ribbon: "new",
    priceCents: 15900,
    manageInventory: true,
    stock: 18,
    weightGrams: 55,
    sku: "VT-AUR",
    styles: [
      { key: "a", en: "White", es: "Blanco", paint: { main: "#e9e4da", metal: "silver", dial: "#fafafa" }, skuSuffix: "WHT" },
      { key: "b", en: "Black", es: "Negro", paint: { main: "#1d1d20", metal: "black", dial: "#1b1b1e" }, skuSuffix: "BLK" },
      { key: "c", en: "Silver Mesh", es: "Malla plateada", paint: { main: "#c0c4ca", metal: "silver", dial: "#f1f1ef", mesh: true }, skuSuffix: "MSH", priceCents: 17900 },
    ],
    ageDays: 5,
    featured: true,
  },
  {
    n: 19,
    slug: "heritage-chrono",
    shape: "watch-chrono",
    categories: ["watches"],
    titleEn: "Heritage Limited Edition Chronograph",
    titleEs: "Reloj cronógrafo Heritage edición limitada",
    subtitleEn: "Numbered edition of 150 — available soon",
    subtitleEs: "Edición numerada de 150 unidades — disponible pronto",
    descriptionEn: p(
      "A numbered edition of 150 pieces celebrating ten years of our workshop, with a cream dial, gold-tone case and a hand-stitched strap.",
      "Sales open soon: subscribe to our newsletter to hear first.",
    ),
    descriptionEs: p(
      "Una edición numerada de 150 piezas que celebra diez años de nuestro taller, con esfera crema, caja dorada y correa cosida a mano.",
      "La venta abre pronto: suscríbete a nuestro boletín para enterarte la primera.",
    ),
    materialsEn: p("Gold PVD steel case, sapphire crystal with anti-reflective coating, hand-stitched alligator-embossed leather strap."),
    materialsEs: p("Caja de acero con PVD dorado, cristal de zafiro antirreflejos, correa de piel grabada cosida a mano."),
    ribbon: "soon",
    priceCents: 45000,
    manageInventory: true,
    stock: 150,
    weightGrams: 100,
    sku: "VT-HER",
    styles: [{ key: "a", en: "Cream / Gold", es: "Crema / Dorado", paint: { main: "#4a2c17", metal: "gold", dial: "#efe4c8" }, skuSuffix: "CRG" }],
    purchasable: false,
    ageDays: 1,
  },
  {
    n: 20,
    slug: "tide-dive",
    shape: "watch-dive",
    categories: ["watches"],
    titleEn: "Tide Dive Watch",
    titleEs: "Reloj de buceo Tide",
    subtitleEn: "200 m diver with a ceramic bezel",
    subtitleEs: "Reloj de buceo de 200 m con bisel cerámico",
    descriptionEn: p(
      "A proper tool watch: unidirectional ceramic bezel, screw-down crown and generous lume that glows long after sunset.",
      "The rubber strap is moulded to follow the wrist and shrugs off salt water.",
    ),
    descriptionEs: p(
      "Un auténtico reloj herramienta: bisel cerámico unidireccional, corona roscada y abundante luminiscencia que brilla mucho después del atardecer.",
      "La correa de caucho está moldeada para seguir la muñeca y resiste el agua salada.",
    ),
    materialsEn: p("Stainless steel case, ceramic bezel insert, sapphire crystal, FKM rubber strap. Water resistant to 200 m."),
    materialsEs: p("Caja de acero inoxidable, inserto de bisel cerámico, cristal de zafiro, correa de caucho FKM. Resistente al agua hasta 200 m."),
    priceCents: 34900,
    manageInventory: true,
    stock: 9,
    weightGrams: 140,
    sku: "VT-TID",
    // The green edition is the one to show first even though black costs less: the product page and price badge
    // follow the first variant instead of the lowest price.
    siteProductSelection: "first_variant",
    styles: [
      { key: "a", en: "Green", es: "Verde", paint: { main: "#16241d", metal: "silver", dial: "#0f3d2e", accent: "#0f3d2e" }, skuSuffix: "GRN" },
      { key: "b", en: "Black", es: "Negro", paint: { main: "#111113", metal: "silver", dial: "#141416", accent: "#1a1a1d" }, skuSuffix: "BLK", priceCents: 31900 },
    ],
    ageDays: 80,
  },

  // ------------------------------------------------------------------------------------------------ accessories
  {
    n: 21,
    slug: "leather-belt",
    shape: "belt",
    categories: ["accessories"],
    titleEn: "Leather Belt",
    titleEs: "Cinturón de cuero",
    subtitleEn: "3.5 cm belt in bridle leather",
    subtitleEs: "Cinturón de 3,5 cm en cuero de brida",
    descriptionEn: p(
      "The belt you will keep for twenty years: thick bridle leather, edges burnished by hand and a solid buckle that never flakes.",
      "Order your usual trouser size; it has five holes for a perfect fit.",
    ),
    descriptionEs: p(
      "El cinturón que conservarás veinte años: cuero de brida grueso, cantos bruñidos a mano y una hebilla maciza que no se pela.",
      "Elige tu talla habitual de pantalón; tiene cinco agujeros para un ajuste perfecto.",
    ),
    materialsEn: p("English bridle leather 4 mm thick, solid brass or nickel-free steel buckle. Width 3.5 cm."),
    materialsEs: p("Cuero de brida inglés de 4 mm de grosor, hebilla de latón macizo o acero sin níquel. Ancho 3,5 cm."),
    priceCents: 5900,
    manageInventory: true,
    stock: 40,
    weightGrams: 250,
    sku: "VT-BLT",
    styles: [
      { key: "a", en: "Black", es: "Negro", paint: { main: "#1f1f22", metal: "silver" }, skuSuffix: "BLK" },
      { key: "b", en: "Brown", es: "Marrón", paint: { main: "#4a2c17", metal: "gold" }, skuSuffix: "BRN" },
      { key: "c", en: "Tan", es: "Cuero", paint: { main: "#b87a46", metal: "gold" }, skuSuffix: "TAN" },
    ],
    ageDays: 240,
    featured: true,
  },
  {
    n: 22,
    slug: "reversible-belt",
    shape: "belt",
    categories: ["accessories"],
    titleEn: "Reversible Dress Belt",
    titleEs: "Cinturón reversible de vestir",
    subtitleEn: "Black on one side, brown on the other",
    subtitleEs: "Negro por un lado, marrón por el otro",
    descriptionEn: p(
      "Two belts in one for travelling light: turn the buckle to switch from black to brown.",
      "A slim 3 cm width that suits suits and tailored trousers.",
    ),
    descriptionEs: p(
      "Dos cinturones en uno para viajar ligero: gira la hebilla para pasar del negro al marrón.",
      "Un ancho fino de 3 cm que queda bien con traje y pantalón de vestir.",
    ),
    materialsEn: p("Smooth calf leather, rotating brushed-steel buckle. Width 3 cm."),
    materialsEs: p("Piel de becerro lisa, hebilla giratoria de acero cepillado. Ancho 3 cm."),
    priceCents: 6900,
    manageInventory: true,
    stock: 20,
    weightGrams: 220,
    sku: "VT-RVB",
    styles: [{ key: "a", en: "Black / Brown", es: "Negro / Marrón", paint: { main: "#2a1a10", metal: "silver" }, skuSuffix: "BKB" }],
    ageDays: 190,
  },
  {
    n: 23,
    slug: "bifold-wallet",
    shape: "wallet",
    categories: ["accessories"],
    titleEn: "Bifold Leather Wallet",
    titleEs: "Cartera plegable de piel",
    subtitleEn: "Slim bifold with eight card slots",
    subtitleEs: "Cartera fina con ocho ranuras para tarjetas",
    descriptionEn: p(
      "Eight card slots, a full-length note pocket and nothing else, so it stays slim in a back pocket.",
      "The leather softens and takes on a glow over the months.",
    ),
    descriptionEs: p(
      "Ocho ranuras para tarjetas, un bolsillo largo para billetes y nada más, para que siga fina en el bolsillo trasero.",
      "La piel se suaviza y gana brillo con los meses.",
    ),
    materialsEn: p("Vegetable-tanned leather, saddle-stitched with waxed linen thread. 11 × 9 cm closed."),
    materialsEs: p("Piel curtida al vegetal, cosida a punto de silla con hilo de lino encerado. 11 × 9 cm cerrada."),
    ribbon: "sale",
    priceCents: 6500,
    salePriceCents: 4900,
    manageInventory: true,
    stock: 22,
    weightGrams: 90,
    sku: "VT-WAL",
    styles: [
      { key: "a", en: "Black", es: "Negro", paint: { main: "#1f1f22" }, skuSuffix: "BLK" },
      { key: "b", en: "Cognac", es: "Coñac", paint: { main: "#8a4b22" }, skuSuffix: "COG" },
    ],
    ageDays: 160,
  },
  {
    n: 24,
    slug: "card-holder",
    shape: "card-holder",
    categories: ["accessories"],
    titleEn: "Leather Card Holder",
    titleEs: "Tarjetero de piel",
    subtitleEn: "Four slots and a centre pocket",
    subtitleEs: "Cuatro ranuras y un bolsillo central",
    descriptionEn: p(
      "For the days when a wallet is too much: four card slots and a centre pocket for folded notes.",
      "A thoughtful gift that fits in any envelope.",
    ),
    descriptionEs: p(
      "Para los días en que una cartera es demasiado: cuatro ranuras y un bolsillo central para billetes doblados.",
      "Un regalo con detalle que cabe en cualquier sobre.",
    ),
    materialsEn: p("Pebbled calf leather, painted edges. 10 × 7 cm."),
    materialsEs: p("Piel de becerro granulada, cantos pintados. 10 × 7 cm."),
    priceCents: 3900,
    manageInventory: true,
    stock: 35,
    weightGrams: 40,
    sku: "VT-CRD",
    styles: [
      { key: "a", en: "Navy", es: "Azul marino", paint: { main: "#1f3a5f", accent: "#e8c547" }, skuSuffix: "NAV" },
      { key: "b", en: "Forest Green", es: "Verde bosque", paint: { main: "#234d3a", accent: "#e07a5f" }, skuSuffix: "GRN" },
      { key: "c", en: "Red", es: "Rojo", paint: { main: "#a61e2d", accent: "#f2efe6" }, skuSuffix: "RED" },
      { key: "d", en: "Black", es: "Negro", paint: { main: "#1f1f22", accent: "#5aa9e6" }, skuSuffix: "BLK" },
    ],
    ageDays: 100,
  },
  {
    n: 25,
    slug: "capri-sunglasses",
    shape: "sunglasses",
    categories: ["accessories", "new-arrivals"],
    titleEn: "Capri Sunglasses",
    titleEs: "Gafas de sol Capri",
    subtitleEn: "Acetate frames with polarised lenses",
    subtitleEs: "Montura de acetato con lentes polarizadas",
    descriptionEn: p(
      "Soft square frames cut from Italian acetate, with polarised lenses that block 100% of UVA and UVB.",
      "Five-barrel hinges keep the temples snug year after year. A leather case is included.",
    ),
    descriptionEs: p(
      "Montura cuadrada suave tallada en acetato italiano, con lentes polarizadas que bloquean el 100 % de los rayos UVA y UVB.",
      "Las bisagras de cinco barriles mantienen las varillas firmes año tras año. Incluye funda de piel.",
    ),
    materialsEn: p("Italian cellulose acetate, polarised CR-39 lenses, category 3 protection."),
    materialsEs: p("Acetato de celulosa italiano, lentes polarizadas CR-39, protección categoría 3."),
    ribbon: "new",
    priceCents: 11500,
    manageInventory: true,
    stock: 16,
    weightGrams: 35,
    sku: "VT-CAP",
    styles: [
      { key: "a", en: "Tortoise", es: "Carey", paint: { main: "#6b3f1e", tortoise: true, metal: "gold", lens: "#3d2b1f" }, skuSuffix: "TOR" },
      { key: "b", en: "Black", es: "Negro", paint: { main: "#121214", metal: "silver", lens: "#23272e" }, skuSuffix: "BLK" },
    ],
    ageDays: 4,
  },
  {
    n: 26,
    slug: "azulejo-scarf",
    shape: "scarf",
    categories: ["accessories"],
    titleEn: "Azulejo Silk Scarf",
    titleEs: "Pañuelo de seda Azulejo",
    subtitleEn: "90 cm square in printed silk twill",
    subtitleEs: "Cuadrado de 90 cm en sarga de seda estampada",
    descriptionEn: p(
      "A print drawn from the tiles of Seville's old courtyards, on heavy silk twill with hand-rolled edges.",
      "Wear it at the neck, in the hair or tied to the handle of your favourite bag.",
    ),
    descriptionEs: p(
      "Un estampado inspirado en los azulejos de los viejos patios de Sevilla, sobre sarga de seda gruesa con bordes enrollados a mano.",
      "Llévalo al cuello, en el pelo o anudado al asa de tu bolso favorito.",
    ),
    materialsEn: p("100% mulberry silk twill, 90 × 90 cm, hand-rolled hems."),
    materialsEs: p("Sarga 100 % seda de morera, 90 × 90 cm, dobladillos enrollados a mano."),
    priceCents: 8900,
    manageInventory: false,
    weightGrams: 70,
    sku: "VT-AZU",
    styles: [{ key: "a", en: "Seville Blue", es: "Azul Sevilla", paint: { main: "#1f4e8c", accent: "#e0a526" }, skuSuffix: "BLU" }],
    ageDays: 65,
  },
];

/** Care advice shared by every product of a category (additional_info block 2). */
export const careByCategory: Record<Exclude<CategorySlug, "new-arrivals">, { en: string; es: string }> = {
  handbags: {
    en: p(
      "Wipe with a soft dry cloth and feed the leather with a neutral cream twice a year.",
      "Stuff the bag with paper and keep it in its dust bag when you are not using it; avoid long exposure to direct sun.",
    ),
    es: p(
      "Límpialo con un paño suave y seco y nutre la piel con una crema neutra dos veces al año.",
      "Rellénalo con papel y guárdalo en su funda cuando no lo uses; evita la exposición prolongada al sol.",
    ),
  },
  shoes: {
    en: p(
      "Let them rest a day between wears and use cedar shoe trees to keep their shape.",
      "Brush off dust after each wear; clean leather with a damp cloth and suede with a suede brush only.",
    ),
    es: p(
      "Déjalos descansar un día entre usos y utiliza hormas de cedro para mantener la forma.",
      "Cepilla el polvo después de cada uso; limpia la piel con un paño húmedo y el ante solo con un cepillo para ante.",
    ),
  },
  watches: {
    en: p(
      "Wipe the case with a microfibre cloth. Keep leather straps away from water and perfume.",
      "We recommend a battery change or service every two to three years at our workshop.",
    ),
    es: p(
      "Limpia la caja con un paño de microfibra. Mantén las correas de piel lejos del agua y del perfume.",
      "Recomendamos cambiar la pila o revisar el reloj cada dos o tres años en nuestro taller.",
    ),
  },
  accessories: {
    en: p("Store flat or rolled, away from heat. Leather pieces can be refreshed with a little neutral cream; silk should be dry-cleaned."),
    es: p("Guárdalo plano o enrollado, lejos del calor. Las piezas de piel se pueden nutrir con un poco de crema neutra; la seda, mejor a la tintorería."),
  },
};

/** Shipping & Returns block (additional_info 3); the free-shipping threshold is shown in the store currency. */
export const shippingInfo = (currency: string) => ({
  en:
    p(`Free standard shipping on orders over ${formatMoney(10000, currency, "en")}; otherwise a flat rate applies at checkout. Orders ship within 1–2 business days.`) +
    list("Spain and Portugal: 2–3 business days", "Rest of Europe: 3–6 business days", "Americas: 5–10 business days") +
    p("Not the right fit? Open a return from your order's page; the return period is shown on this page."),
  es:
    p(`Envío estándar gratuito en pedidos de más de ${formatMoney(10000, currency, "es")}; si no, se aplica una tarifa fija al pagar. Los pedidos salen en 1–2 días laborables.`) +
    list("España y Portugal: 2–3 días laborables", "Resto de Europa: 3–6 días laborables", "América: 5–10 días laborables") +
    p("¿No es lo que esperabas? Solicita la devolución desde la página de tu pedido; el plazo se indica en esta página."),
});
