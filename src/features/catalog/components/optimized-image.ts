import type { CSSProperties } from "react";
import { preload } from "react-dom";
import { responsiveImage } from "./image-source";

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

/** What a plain `<img>` needs (alt and className come from the caller's JSX). */
export type OptimizedImg = {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
  loading: "eager" | "lazy";
  fetchPriority?: "high";
  decoding: "async";
  style: CSSProperties;
};

// As next/image styles its <img>: no alt text flashing while the picture loads; `fill` covers the positioned parent.
const PLAIN_STYLE: CSSProperties = { color: "transparent" };
const FILL_STYLE: CSSProperties = { position: "absolute", height: "100%", width: "100%", left: 0, top: 0, right: 0, bottom: 0, color: "transparent" };

/**
 * Attributes for a plain `<img>` that still goes through Next's image optimizer: the srcset widths next/image would
 * list (next.config's images settings), as short `/i/{width}/…` URLs (image-source.ts). Storefront pictures never
 * change after rendering, so next/image's client component (≈6 kB of first-load JavaScript) bought nothing
 * there, and its getImageProps cost ~0.2 ms a call on the server.
 * `priority` marks the LCP picture: preloaded, fetched with high priority and never lazily, as next/image did.
 */
export function optimizedImageProps({ src, priority = false, cdn, width, height, fill = false, sizes }: Options): OptimizedImg {
  const picture = responsiveImage(src, sizes, cdn);
  const img: OptimizedImg = {
    ...picture,
    ...(fill ? {} : { width, height }),
    loading: priority ? "eager" : "lazy",
    ...(priority ? { fetchPriority: "high" as const } : {}),
    decoding: "async",
    style: fill ? FILL_STYLE : PLAIN_STYLE,
  };
  if (priority) preloadPicture(picture);
  return img;
}

/** The LCP picture's preload link in the page's head, with its srcset so the browser fetches the width it will use. */
export function preloadPicture(picture: { src: string; srcSet?: string; sizes?: string }) {
  preload(picture.src, { as: "image", imageSrcSet: picture.srcSet, imageSizes: picture.sizes, fetchPriority: "high" });
}

/** The product gallery's main picture and thumbnail for one image, computed on the server for the client gallery. */
export type GalleryPicture = { main: OptimizedImg; thumb: OptimizedImg };

export function galleryPicture(src: string, priority: boolean, cdn?: string | null): GalleryPicture {
  return {
    main: optimizedImageProps({ src, width: 800, height: 800, sizes: "(min-width: 1024px) 50vw, 100vw", priority, cdn }),
    thumb: optimizedImageProps({ src, width: 80, height: 80, sizes: "80px", cdn }),
  };
}
