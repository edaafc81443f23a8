"use client";

import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { useTranslations } from "@/i18n/client";
import { joinClasses } from "@/lib/join-classes";
import type { GalleryPicture } from "./optimized-image";

/**
 * The gallery of docs/product.md#product-page: previous/next arrows and dots, plus a thumbnail strip on desktop. The
 * index is controlled by the product view so choosing a Style can jump to that variant's picture.
 */
export function ProductGallery({
  images,
  alts,
  pictures,
  title,
  index,
  onIndexChange,
}: {
  images: string[];
  /** The admin's alt text per image, when written; else "{title}, image n". */
  alts?: Record<string, string> | undefined;
  /** Optimized <img> attributes per image, computed on the server (no next/image client code here). */
  pictures: Record<string, GalleryPicture>;
  title: string;
  index: number;
  onIndexChange: (i: number) => void;
}) {
  const t = useTranslations("store.product");
  const tc = useTranslations("store.card");
  const count = images.length;
  if (count === 0) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-[var(--radius)] bg-muted text-muted-foreground" data-testid="gallery">
        {tc("noImage")}
      </div>
    );
  }
  const go = (i: number) => onIndexChange((i + count) % count);
  const current = images[Math.min(index, count - 1)];
  return (
    <div className="space-y-4" data-testid="gallery">
      <div className="relative aspect-square overflow-hidden rounded-[var(--radius)] bg-muted">
        {/* eslint-disable-next-line @next/next/no-img-element -- optimized src/srcSet without next/image's client code */}
        <img
          key={current}
          {...(pictures[current]?.main ?? { src: current, width: 800, height: 800 })}
          alt={alts?.[current] || t("imageAlt", { title, n: index + 1 })}
          className="size-full object-cover"
          data-testid="gallery-image"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              aria-label={t("previousImage")}
              onClick={() => go(index - 1)}
              className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-background/90 p-2 shadow hover:bg-background"
            >
              <ChevronLeftIcon className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              aria-label={t("nextImage")}
              onClick={() => go(index + 1)}
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-background/90 p-2 shadow hover:bg-background"
            >
              <ChevronRightIcon className="size-5" aria-hidden />
            </button>
            <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2">
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  aria-label={t("showImage", { n: i + 1 })}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => go(i)}
                  // A 24px target (WCAG 2.5.8) around the small dot that is drawn.
                  className="group/dot flex size-6 items-center justify-center rounded-full"
                  data-testid="gallery-dot"
                >
                  <span
                    aria-hidden
                    className={joinClasses("size-2.5 rounded-full shadow transition-colors", i === index ? "bg-primary" : "bg-background/80 group-hover/dot:bg-background")}
                  />
                </button>
              ))}
            </div>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="hidden gap-3 md:flex" data-testid="gallery-thumbnails">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              aria-label={t("showImage", { n: i + 1 })}
              onClick={() => go(i)}
              className={joinClasses("relative size-20 overflow-hidden rounded-md border-2", i === index ? "border-primary" : "border-transparent opacity-70 hover:opacity-100")}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- optimized src/srcSet without next/image's client code */}
              <img {...(pictures[src]?.thumb ?? { src, width: 80, height: 80, loading: "lazy" })} alt="" className="size-full object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
