/**
 * Picture URLs of the storefront, the same on the server and in the browser (no server import here).
 *
 * The optimizer's variants are asked for as `/i/{width}{stored path}` (`/i/640/uploads/products/….webp`), which
 * next.config.ts rewrites to Next's optimizer (`/_next/image?url={stored path}&w={width}&q=75`): the same variant,
 * a third of the characters. Every width is a srcset entry written into the HTML (and, for client components, into
 * the page's payload), so the URL's length counts once per width per picture (HTML weight). The path form
 * also lets a CDN in front (IMAGE_CDN_URL) cache without a query string.
 */

/** next.config.ts `images`: the optimizer accepts these widths only (any other answers 400). */
export const IMAGE_WIDTHS = { imageSizes: [128, 384], deviceSizes: [640, 1080, 1920] } as const;
export const IMAGE_QUALITY = 75;
const ALL_WIDTHS = [...IMAGE_WIDTHS.imageSizes, ...IMAGE_WIDTHS.deviceSizes];

/** Images the app serves itself go through Next's optimizer (resized WebP); any other URL is shown as stored. */
export function isOptimizable(url: string): boolean {
  return url.startsWith("/uploads/") || url.startsWith("/images/");
}

/** The short URL of one optimized variant; `cdn` (IMAGE_CDN_URL, no trailing slash) puts it on the CDN's host. */
export function imageVariantUrl(src: string, width: number, cdn?: string | null): string {
  return `${cdn ?? ""}/i/${width}${src}`;
}

/**
 * The widths a srcset lists for a `sizes` value, as next/image chooses them: with viewport-relative sizes, every
 * configured width from the smallest device at the smallest share up; otherwise all of them.
 */
export function srcSetWidths(sizes: string): number[] {
  // A page asks for the same few `sizes` values once per picture (24 cards on /store): computed once each.
  let widths = widthsBySizes.get(sizes);
  if (!widths) {
    widths = computeSrcSetWidths(sizes);
    if (widthsBySizes.size < 64) widthsBySizes.set(sizes, widths);
  }
  return widths;
}

const widthsBySizes = new Map<string, number[]>();

function computeSrcSetWidths(sizes: string): number[] {
  const shares = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((m) => Number(m[2]));
  if (!shares.length) return ALL_WIDTHS;
  const smallest = IMAGE_WIDTHS.deviceSizes[0] * Math.min(...shares) * 0.01;
  return ALL_WIDTHS.filter((w) => w >= smallest);
}

/** A picture's src, srcSet and sizes (the largest variant as src, as next/image does); other URLs as stored. */
export function responsiveImage(src: string, sizes: string, cdn?: string | null): { src: string; srcSet?: string; sizes?: string } {
  if (!isOptimizable(src)) return { src };
  const widths = srcSetWidths(sizes);
  return {
    src: imageVariantUrl(src, widths[widths.length - 1], cdn),
    srcSet: widths.map((w) => `${imageVariantUrl(src, w, cdn)} ${w}w`).join(", "),
    sizes,
  };
}

/**
 * A product card's share of the screen, as the product grid lays cards out: four to a row from 1280 px, three from
 * 1024 px, two below (phones too). The phone's share is what Lighthouse's mobile run pays for: "100vw" there made a
 * phone fetch pictures twice the card's width (1080 px for a 182 px card), a third of /store's bytes.
 */
export const CARD_IMAGE_SIZES = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, 50vw";

/**
 * A product card's picture, computed from its stored path wherever the card renders (the server's HTML and the
 * browser's hydration give the same), so the card's props carry the path rather than four variant URLs.
 */
export function cardPicture(image: string, cdn: string | null | undefined) {
  return responsiveImage(image, CARD_IMAGE_SIZES, cdn);
}
