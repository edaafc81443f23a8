import { getImageProps, type ImageLoader, type ImageProps } from "next/image";
import { preload } from "react-dom";
import { isOptimizable } from "./image-source";

type Options = {
  src: string;
  width?: number;
  height?: number;
  fill?: boolean;
  sizes: string;
  priority?: boolean;
  /** IMAGE_CDN_URL (src/server/storage/image-cdn.ts): the optimizer's URLs are asked of this CDN, not the shop. */
  cdn?: string | null;
};

const computed = new Map<string, OptimizedImg>();

/** What a plain `<img>` needs (alt and className come from the caller's JSX). */
export type OptimizedImg = Omit<ReturnType<typeof getImageProps>["props"], "alt" | "className">;

/**
 * Attributes for a plain `<img>` that still goes through Next's image optimizer (the same src/srcSet/sizes as
 * next/image, widths from next.config's images settings). Storefront pictures never change after rendering, so
 * next/image's client component (≈6 kB of first-load JavaScript, issue 7) bought nothing there.
 * `priority` marks the LCP picture: preloaded, fetched with high priority and never lazily, as next/image did.
 */
export function optimizedImageProps({ src, priority = false, cdn, ...rest }: Options): OptimizedImg {
  // Computed once per picture and size: next's getImageProps costs ~0.2 ms a call, and a store page has 24 (issue 19).
  const key = JSON.stringify([src, priority, rest.width, rest.height, rest.fill, rest.sizes, cdn ?? null]);
  let img = computed.get(key);
  if (!img) {
    const optimizable = isOptimizable(src);
    const input: ImageProps = {
      ...rest,
      src,
      alt: "",
      unoptimized: !optimizable,
      ...(cdn && optimizable ? { loader: cdnLoader(cdn) } : {}),
      ...(priority ? { loading: "eager", fetchPriority: "high" } : { loading: "lazy" }),
    };
    const { alt: _alt, className: _className, ...props } = getImageProps(input).props;
    img = props;
    if (computed.size >= 2000) computed.clear();
    computed.set(key, img);
  }
  if (priority && img.src) {
    preload(img.src, { as: "image", imageSrcSet: img.srcSet, imageSizes: img.sizes, fetchPriority: "high" });
  }
  return img;
}

/**
 * The same optimizer URL Next's default loader makes (/_next/image?url=…&w=…&q=…), on the CDN's host: the CDN's
 * origin is the shop, so each variant is made once by an instance and then served from the CDN's cache
 * (docs/decisions/0135-image-cdn-and-soak.md).
 */
export function cdnLoader(cdn: string): ImageLoader {
  const base = cdn.replace(/\/+$/, "");
  return ({ src, width, quality }) => `${base}/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${quality ?? 75}`;
}

/** The product gallery's main picture and thumbnail for one image, computed on the server for the client gallery. */
export type GalleryPicture = { main: OptimizedImg; thumb: OptimizedImg };

export function galleryPicture(src: string, priority: boolean, cdn?: string | null): GalleryPicture {
  return {
    main: optimizedImageProps({ src, width: 800, height: 800, sizes: "(min-width: 1024px) 50vw, 100vw", priority, cdn }),
    thumb: optimizedImageProps({ src, width: 80, height: 80, sizes: "80px", cdn }),
  };
}
