import type { FooterLink, HomepageSectionContent } from "../schema/content";
import { categoryDefs } from "./catalog-data";

/** Content pages, homepage texts and footer links of the demo shop, in English and Spanish. */

export type PageDef = { slug: string; titleEn: string; titleEs: string; contentEn: string; contentEs: string };

/** The demo's location line and social links in the footer (a new shop without the demo has neither). */
export const footerDetailsDef = {
  locationEn: "Valencia, Spain",
  locationEs: "Valencia, España",
  socialLinks: [
    { network: "facebook" as const, url: "https://www.facebook.com/vitrina" },
    { network: "instagram" as const, url: "https://www.instagram.com/vitrina" },
    { network: "twitter" as const, url: "https://twitter.com/vitrina" },
  ],
};

export function pageDefs(storeName: string, storeEmail: string): PageDef[] {
  return [
    {
      slug: "about",
      titleEn: "About Us",
      titleEs: "Sobre nosotros",
      contentEn: `
<h2>Made slowly, carried for years</h2>
<p>${storeName} began in 2015 as a two-person workshop behind a shop window in Valencia, repairing bags and resoling shoes for the neighbourhood. Customers kept asking whether we could simply make them a bag that would not need repairing so soon. So we did.</p>
<p>Today we design handbags, shoes, watches and small leather goods in our studio and make them with family workshops in Ubrique, Elche and La Rioja, places where leather has been worked for generations. We visit every one of them several times a year and know the people who cut, stitch and finish each piece.</p>
<h2>What we believe in</h2>
<ul>
<li><strong>Fewer, better things.</strong> We release small collections and keep our best designs in the catalogue for years instead of seasons.</li>
<li><strong>Honest materials.</strong> Full-grain and vegetable-tanned leathers, solid brass, sapphire crystals. If something is plated or synthetic, we say so.</li>
<li><strong>Repair before replace.</strong> Every product can come back to our workshop for repairs, at cost, for as long as you own it.</li>
</ul>
<p>Thank you for visiting ${storeName}. We hope you find something you will love for a long time.</p>`,
      contentEs: `
<h2>Hecho sin prisa, para llevar durante años</h2>
<p>${storeName} nació en 2015 como un taller de dos personas detrás de un escaparate en Valencia, arreglando bolsos y cambiando suelas para el barrio. Los clientes no dejaban de preguntarnos si podíamos hacerles, sin más, un bolso que no hubiera que arreglar tan pronto. Y eso hicimos.</p>
<p>Hoy diseñamos bolsos, zapatos, relojes y pequeña marroquinería en nuestro estudio y los fabricamos con talleres familiares de Ubrique, Elche y La Rioja, lugares donde se trabaja la piel desde hace generaciones. Los visitamos varias veces al año y conocemos a las personas que cortan, cosen y rematan cada pieza.</p>
<h2>En qué creemos</h2>
<ul>
<li><strong>Menos cosas, pero mejores.</strong> Lanzamos colecciones pequeñas y mantenemos nuestros mejores diseños durante años, no temporadas.</li>
<li><strong>Materiales honestos.</strong> Pieles plena flor y curtidas al vegetal, latón macizo, cristales de zafiro. Si algo es chapado o sintético, lo decimos.</li>
<li><strong>Reparar antes que reemplazar.</strong> Cualquier producto puede volver a nuestro taller para repararse, a precio de coste, mientras sea tuyo.</li>
</ul>
<p>Gracias por visitar ${storeName}. Esperamos que encuentres algo que te acompañe mucho tiempo.</p>`,
    },
    {
      slug: "contact",
      titleEn: "Contact",
      titleEs: "Contacto",
      contentEn: `
<h2>We would love to hear from you</h2>
<p>Questions about a product, an order or a repair? Write to us at <a href="mailto:${storeEmail}">${storeEmail}</a> and a real person from our team will answer within one business day.</p>
<h2>Customer service hours</h2>
<p>Monday to Friday, 9:00 to 18:00 (CET). Messages sent at the weekend are answered first thing on Monday.</p>
<h2>Shipping and returns</h2>
<p>Orders ship within 1–2 business days. To return something, open the order in your account and choose <strong>Return items</strong> while the return period shown there is open; every product page states how long it is. Bought without an account? Email us your order number.</p>
<h2>Repairs</h2>
<p>Every ${storeName} product can be repaired in our workshop. Tell us what happened, attach a photo, and we will reply with a quote and a time estimate.</p>`,
      contentEs: `
<h2>Nos encantará saber de ti</h2>
<p>¿Dudas sobre un producto, un pedido o una reparación? Escríbenos a <a href="mailto:${storeEmail}">${storeEmail}</a> y una persona de nuestro equipo te responderá en un día laborable.</p>
<h2>Horario de atención al cliente</h2>
<p>De lunes a viernes, de 9:00 a 18:00 (CET). Los mensajes enviados el fin de semana se responden a primera hora del lunes.</p>
<h2>Envíos y devoluciones</h2>
<p>Los pedidos salen en 1–2 días laborables. Para devolver algo, abre el pedido en tu cuenta y elige <strong>Devolver artículos</strong> mientras el plazo de devolución que se indica esté abierto; cada ficha de producto dice cuánto dura. ¿Compraste sin cuenta? Escríbenos con tu número de pedido.</p>
<h2>Reparaciones</h2>
<p>Cualquier producto de ${storeName} se puede reparar en nuestro taller. Cuéntanos qué ha pasado, adjunta una foto y te responderemos con un presupuesto y un plazo.</p>`,
    },
    {
      slug: "blog",
      titleEn: "Blog",
      titleEs: "Blog",
      contentEn: `
<h2>How to care for a leather bag</h2>
<p><em>Workshop notes</em></p>
<p>Good leather is skin, and like skin it likes to be clean and a little nourished. Dust your bag with a dry cloth every couple of weeks and, twice a year, rub in a pea-sized amount of neutral cream with circular movements. Let it rest overnight before buffing.</p>
<p>Rain is not the enemy: if your bag gets wet, pat it dry and let it dry slowly at room temperature, never on a radiator. Stuff it with paper so it keeps its shape while it dries.</p>
<h2>Choosing your first automatic watch</h2>
<p><em>Style guide</em></p>
<p>An automatic watch winds itself with the movement of your wrist. That means no battery, but it also means it will stop if you leave it in a drawer for a couple of days. If you wear one watch every day, an automatic is a joy; if you rotate several, a quartz may suit you better.</p>
<p>Start with size: most wrists look best with a case between 36 and 40 mm. Then choose a strap you can change easily, because a new strap is the cheapest way to get a new watch.</p>
<h2>Behind the scenes in Ubrique</h2>
<p><em>Our makers</em></p>
<p>High in the Sierra de Grazalema, the white village of Ubrique has worked leather since the eighteenth century. We spent a week with the family who stitches our Aria bucket bag: three generations at the same long table, each with their own tools and their own rhythm.</p>`,
      contentEs: `
<h2>Cómo cuidar un bolso de piel</h2>
<p><em>Notas del taller</em></p>
<p>La buena piel es piel, y como tal le gusta estar limpia y un poco nutrida. Quita el polvo del bolso con un paño seco cada dos semanas y, dos veces al año, aplica una pequeña cantidad de crema neutra con movimientos circulares. Déjalo reposar una noche antes de sacarle brillo.</p>
<p>La lluvia no es el enemigo: si se moja, sécalo con toques suaves y deja que termine de secarse despacio a temperatura ambiente, nunca sobre un radiador. Rellénalo con papel para que conserve la forma.</p>
<h2>Cómo elegir tu primer reloj automático</h2>
<p><em>Guía de estilo</em></p>
<p>Un reloj automático se da cuerda con el movimiento de la muñeca. No necesita pila, pero se parará si lo dejas un par de días en un cajón. Si llevas un solo reloj a diario, un automático es un placer; si alternas varios, quizá te encaje mejor uno de cuarzo.</p>
<p>Empieza por el tamaño: la mayoría de las muñecas lucen mejor con una caja de entre 36 y 40 mm. Después elige una correa fácil de cambiar, porque una correa nueva es la forma más barata de estrenar reloj.</p>
<h2>Entre bastidores en Ubrique</h2>
<p><em>Nuestros artesanos</em></p>
<p>En lo alto de la Sierra de Grazalema, el pueblo blanco de Ubrique trabaja la piel desde el siglo XVIII. Pasamos una semana con la familia que cose nuestro bolso saco Aria: tres generaciones en la misma mesa larga, cada una con sus herramientas y su propio ritmo.</p>`,
    },
  ].map((page) => ({ ...page, contentEn: page.contentEn.trim(), contentEs: page.contentEs.trim() }));
}

export const homepageDefs: Record<"hero" | "featured_products", HomepageSectionContent> = {
  hero: {
    title_en: "Crafted to be carried every day",
    title_es: "Piezas hechas para acompañarte cada día",
    subtitle_en: "Leather bags, shoes and watches made in small workshops and built to last for years.",
    subtitle_es: "Bolsos, zapatos y relojes de piel hechos en pequeños talleres y pensados para durar años.",
  },
  featured_products: {
    title_en: "Featured Products",
    title_es: "Productos destacados",
    subtitle_en: "Handpicked favourites from this season's collection.",
    subtitle_es: "Nuestros favoritos de la colección de esta temporada.",
  },
};

export const footerDefs: Record<"customer_service" | "categories", FooterLink[]> = {
  // The pages (about, contact, blog and the legal pages once published) are linked after these by their footer flag.
  customer_service: [{ url: "/orders/lookup", label_en: "Find my order", label_es: "Buscar mi pedido" }],
  categories: categoryDefs.map((c) => ({ url: `/category/${c.slug}`, label_en: c.nameEn, label_es: c.nameEs })),
};
