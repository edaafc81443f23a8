/**
 * Regenerates the committed fallback images in public/images from the same drawings as the demo seed:
 *   category-fallback.webp    the "stock photo" of a category without image_url (docs/product.md#categories-page)
 *   product-placeholder.webp  a neutral picture for places that need an image where a product has none
 * Run with `npx tsx scripts/make-static-images.ts`; commit the results (each stays well under 30 KB).
 */
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { sceneSvg } from "../src/server/db/seed/art";

const outDir = path.resolve(process.cwd(), "public", "images");

const categoryFallback = sceneSvg(800, 600, ["#f6efe7", "#dccbb9"], [
  { kind: "tote", paint: { main: "#a0522d", metal: "gold" }, x: 230, y: 290, scale: 0.56 },
  { kind: "watch-classic", paint: { main: "#1f1f22", metal: "silver", dial: "#f4f2ec" }, x: 430, y: 300, scale: 0.5 },
  { kind: "sneaker", paint: { main: "#f5f5f2", accent: "#2e7d4f" }, x: 610, y: 250, scale: 0.42 },
  { kind: "sunglasses", paint: { main: "#6b3f1e", tortoise: true, metal: "gold", lens: "#3d2b1f" }, x: 610, y: 390, scale: 0.36 },
]);

// A quiet "image" glyph (frame, hills and sun) on a warm grey: reads as "no picture yet" without any text.
const productPlaceholder = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><radialGradient id="bg" cx="50%" cy="40%" r="80%"><stop offset="0" stop-color="#f5f3ef"/><stop offset="1" stop-color="#e4dfd7"/></radialGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <rect x="270" y="290" width="260" height="210" rx="22" fill="none" stroke="#c9c1b5" stroke-width="14"/>
  <circle cx="460" cy="350" r="22" fill="#c9c1b5"/>
  <path d="M288 482 L370 392 L428 450 L462 418 L512 482 Z" fill="#c9c1b5"/>
</svg>`;

async function write(name: string, svg: string, width: number, height: number) {
  const file = path.join(outDir, name);
  await sharp(Buffer.from(svg)).resize(width, height).webp({ quality: 72, effort: 6 }).toFile(file);
  const { size } = await stat(file);
  console.log(`${path.relative(process.cwd(), file)}: ${width}×${height}, ${(size / 1024).toFixed(1)} KB`);
}

async function main() {
  await mkdir(outDir, { recursive: true });
  await write("category-fallback.webp", categoryFallback, 800, 600);
  await write("product-placeholder.webp", productPlaceholder, 800, 800);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
