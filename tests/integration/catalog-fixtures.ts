import type { Db } from "@/server/db/client";
import {
  categories,
  productAdditionalInfo,
  productCategories,
  productCustomFields,
  productImages,
  productOptionValues,
  productOptions,
  products,
  relatedProducts,
  variantOptionValues,
  variants,
} from "@/server/db/schema/catalog";

/**
 * A small bilingual catalog written by the catalog tests themselves (they must not depend on the demo seed):
 * visible products with the cases of docs/product.md#displayed-price, plus hidden, draft, deleted and variant-less ones that must
 * never reach a shopper.
 */
type VariantSpec = {
  id: string;
  title: string;
  titleEs?: string;
  price: number;
  sale?: number | null;
  managed?: boolean;
  stock?: number;
  image?: string | null;
  sku?: string;
  weight?: number | null;
  style?: string;
};

type ProductSpec = {
  id: string;
  title: string;
  titleEs?: string;
  subtitle?: string | null;
  subtitleEs?: string | null;
  description?: string | null;
  descriptionEs?: string | null;
  ribbon?: string | null;
  ribbonEs?: string | null;
  sortOrder: number;
  createdAt: string;
  updatedAt?: string;
  status?: "published" | "draft";
  hidden?: boolean;
  deleted?: boolean;
  purchasable?: boolean;
  selection?: string | null;
  images?: string[];
  variants: VariantSpec[];
  category?: string;
};

export const HIDDEN_IDS = ["p_hidden", "p_draft", "p_deleted", "p_empty"];

export const catalog: ProductSpec[] = [
  {
    id: "p_tote",
    title: "Leather Tote",
    titleEs: "Bolso tote de cuero",
    subtitle: "Roomy everyday bag",
    subtitleEs: "Bolso amplio para cada día",
    description: '<p>Soft <strong>leather</strong>.</p><script>alert("x")</script><img src="x" onerror="alert(1)">',
    descriptionEs: "<p>Cuero <strong>suave</strong>.</p>",
    ribbon: "Sale",
    ribbonEs: "Oferta",
    sortOrder: 1,
    createdAt: "2026-01-05T10:00:00Z",
    updatedAt: "2026-03-01T10:00:00Z",
    images: ["/uploads/tote-1.webp", "/uploads/tote-2.webp"],
    category: "cat_bags",
    variants: [
      { id: "v_tote_black", title: "Black", titleEs: "Negro", price: 12000, sale: 9900, managed: true, stock: 5, image: "/uploads/tote-2.webp", sku: "TOTE-BLK", weight: 800, style: "Black" },
      { id: "v_tote_brown", title: "Brown", titleEs: "Marrón", price: 11000, managed: true, stock: 0, sku: "TOTE-BRN", style: "Brown" },
    ],
  },
  {
    id: "p_watch",
    title: "Classic Watch",
    titleEs: "Reloj clásico",
    subtitle: "Steel case",
    description: "<p>A timeless watch.</p>",
    descriptionEs: "<p>Un reloj atemporal.</p>",
    sortOrder: 2,
    createdAt: "2026-01-01T10:00:00Z",
    updatedAt: "2026-01-10T10:00:00Z",
    images: ["https://cdn.example.com/watch.webp"],
    variants: [{ id: "v_watch", title: "Default", titleEs: "Único", price: 25000, managed: true, stock: 3 }],
  },
  {
    id: "p_belt",
    title: "Leather Belt",
    titleEs: "Cinturón de piel",
    description: "<p>Handmade belt.</p>",
    descriptionEs: "<p>Cinturón hecho a mano.</p>",
    sortOrder: 3,
    createdAt: "2026-01-03T10:00:00Z",
    updatedAt: "2026-02-01T10:00:00Z",
    selection: "first_variant",
    variants: [
      { id: "v_belt_wide", title: "Wide", price: 3500 },
      { id: "v_belt_thin", title: "Thin", price: 2000 },
    ],
  },
  {
    id: "p_strap",
    title: "Watch Strap",
    titleEs: "",
    description: "<p>Fits any watch.</p>",
    descriptionEs: "<p>Correa de <em>repuesto</em> para tu reloj.</p>",
    sortOrder: 4,
    createdAt: "2026-01-04T10:00:00Z",
    updatedAt: "2026-02-15T10:00:00Z",
    purchasable: false,
    variants: [{ id: "v_strap", title: "One size", price: 1500 }],
  },
  { id: "p_hidden", title: "Hidden Reloj", sortOrder: 0, createdAt: "2026-01-02T10:00:00Z", hidden: true, variants: [{ id: "v_hidden", title: "x", price: 100 }] },
  { id: "p_draft", title: "Draft Reloj", sortOrder: 0, createdAt: "2026-01-02T10:00:00Z", status: "draft", variants: [{ id: "v_draft", title: "x", price: 100 }] },
  { id: "p_deleted", title: "Deleted Reloj", sortOrder: 0, createdAt: "2026-01-02T10:00:00Z", deleted: true, variants: [{ id: "v_deleted", title: "x", price: 100 }] },
  { id: "p_empty", title: "Empty Reloj", sortOrder: 0, createdAt: "2026-01-02T10:00:00Z", variants: [] },
];

export const VISIBLE_IN_CATALOG_ORDER = ["p_tote", "p_watch", "p_belt", "p_strap"];

export async function insertCatalogFixtures(db: Db) {
  await db.insert(categories).values([
    { id: "cat_bags", slug: "handbags", nameEn: "Handbags", nameEs: "Bolsos" },
    { id: "cat_empty", slug: "empty", nameEn: "Empty", nameEs: "Vacía" },
  ]);
  for (const p of catalog) {
    await db.insert(products).values({
      id: p.id,
      titleEn: p.title,
      titleEs: p.titleEs ?? "",
      subtitleEn: p.subtitle ?? null,
      subtitleEs: p.subtitleEs ?? null,
      descriptionEn: p.description ?? null,
      descriptionEs: p.descriptionEs ?? null,
      ribbonTextEn: p.ribbon ?? null,
      ribbonTextEs: p.ribbonEs ?? null,
      status: p.status ?? "published",
      isHidden: p.hidden ?? false,
      purchasable: p.purchasable ?? true,
      sortOrder: p.sortOrder,
      siteProductSelection: p.selection ?? null,
      metadata: { origin: "test" },
      createdAt: new Date(p.createdAt),
      updatedAt: new Date(p.updatedAt ?? p.createdAt),
      deletedAt: p.deleted ? new Date("2026-02-01T00:00:00Z") : null,
    });
    if (p.images?.length) {
      await db.insert(productImages).values(p.images.map((url, i) => ({ id: `${p.id}_img${i}`, productId: p.id, url, sortOrder: i })));
    }
    if (p.variants.length) {
      await db.insert(variants).values(
        p.variants.map((v, i) => ({
          id: v.id,
          productId: p.id,
          titleEn: v.title,
          titleEs: v.titleEs ?? "",
          sku: v.sku ?? null,
          priceCents: v.price,
          salePriceCents: v.sale ?? null,
          currency: "EUR",
          manageInventory: v.managed ?? false,
          stock: v.stock ?? 0,
          imageUrl: v.image ?? null,
          weightGrams: v.weight ?? null,
          sortOrder: i,
        })),
      );
    }
    const styled = p.variants.filter((v) => v.style);
    if (styled.length) {
      await db.insert(productOptions).values({ id: `${p.id}_opt`, productId: p.id, titleEn: "Style", titleEs: "Estilo" });
      for (const [i, v] of styled.entries()) {
        await db.insert(productOptionValues).values({ id: `${v.id}_val`, optionId: `${p.id}_opt`, valueEn: v.style!, valueEs: v.titleEs ?? "", sortOrder: i });
        await db.insert(variantOptionValues).values({ variantId: v.id, optionValueId: `${v.id}_val` });
      }
    }
    if (p.category) await db.insert(productCategories).values({ productId: p.id, categoryId: p.category, sortOrder: 2 });
  }
  await db.insert(productAdditionalInfo).values([
    { id: "ai_care", productId: "p_tote", sortOrder: 2, titleEn: "Care", titleEs: "Cuidado", descriptionEn: "<p>Wipe clean.</p><script>x()</script>", descriptionEs: "<p>Limpiar con un paño.</p>" },
    { id: "ai_size", productId: "p_tote", sortOrder: 1, titleEn: "Size", titleEs: "Medidas", descriptionEn: "<p>40 × 30 cm</p>", descriptionEs: "" },
  ]);
  await db.insert(productCustomFields).values({ id: "cf_initials", productId: "p_tote", titleEn: "Initials", titleEs: "Iniciales", isRequired: false });
  await db.insert(relatedProducts).values({ id: "rel_1", productId: "p_tote", sectionTitle: "You may also like", relatedType: "product", relatedId: "p_belt", position: 1 });
}
