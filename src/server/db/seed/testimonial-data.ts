import type { Db } from "../client";
import { testimonials } from "../schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The demo shop's testimonials (docs/product.md#testimonials): invented people, so they are marked is_demo, carry no
 * star rating and claim no verified purchase; "Remove demo data" deletes them and a real shop starts with none.
 */
export const demoTestimonials = [
  { locale: "en", name: "Sarah Johnson", role: "Fashion blogger", content: "The Marlowe tote has been with me every single day for a year and it only looks better. Beautiful leather and flawless stitching." },
  { locale: "en", name: "Michael Chen", role: "Architect", content: "Fast delivery, thoughtful packaging and a watch that feels far more expensive than it was. I will be ordering again." },
  { locale: "en", name: "Emma Davis", role: "Customer", content: "I exchanged a pair of boots for a different size and it took two days. Friendly people and great quality." },
  { locale: "es", name: "Lucía Fernández", role: "Bloguera de moda", content: "El tote Marlowe me acompaña todos los días desde hace un año y cada vez está más bonito. Una piel preciosa y unas costuras impecables." },
  { locale: "es", name: "Javier Morales", role: "Arquitecto", content: "Entrega rápida, un embalaje cuidado y un reloj que parece mucho más caro de lo que costó. Volveré a comprar." },
  { locale: "es", name: "Carmen Ruiz", role: "Clienta", content: "Cambié unos botines por otra talla y tardaron dos días. Gente amable y una calidad excelente." },
] as const;

/** Written in the seed's one transaction, only when the demo is being created (seedDatabase's marker check). */
export async function insertDemoTestimonials(tx: Tx): Promise<void> {
  await tx.insert(testimonials).values(demoTestimonials.map((t, i) => ({ ...t, position: i % 3, rating: null, isDemo: true })));
}
