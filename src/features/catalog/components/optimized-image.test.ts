import { afterEach, describe, expect, it } from "vitest";
import { parseSettings, resetSettingsForTests } from "@/server/env";
import { imageCdn } from "@/server/storage/image-cdn";
import { CARD_IMAGE_SIZES, cardPicture, IMAGE_WIDTHS, imageVariantUrl, isOptimizable, srcSetWidths } from "./image-source";
import { galleryPicture, optimizedImageProps } from "./optimized-image";

// docs/operations.md#images-from-a-cdn: IMAGE_CDN_URL moves the optimizer's URLs to the CDN; unset, the shop serves them.
const upload = "/uploads/products/0123456789abcdef0123456789abcdef.webp";
const card = { src: upload, width: 800, height: 800, sizes: "(min-width: 1024px) 33vw, 100vw" };

const urlsOf = (img: { src?: string; srcSet?: string }) => [img.src!, ...(img.srcSet ?? "").split(", ").map((entry) => entry.split(" ")[0])];

describe("storefront image URLs", () => {
  afterEach(() => {
    delete process.env.IMAGE_CDN_URL;
    resetSettingsForTests();
  });

  it("go through the shop's own optimizer, as /i/{width}/… (next.config.ts rewrites it to /_next/image), when no CDN is set", () => {
    const img = optimizedImageProps(card);
    for (const url of urlsOf(img)) expect(url).toMatch(/^\/i\/\d+\/uploads\/products\/0123456789abcdef0123456789abcdef\.webp$/);
    expect(img.srcSet).toBe(
      [384, 640, 1080, 1920].map((w) => `/i/${w}/uploads/products/0123456789abcdef0123456789abcdef.webp ${w}w`).join(", "),
    );
    expect(img.src).toBe("/i/1920/uploads/products/0123456789abcdef0123456789abcdef.webp");
  });

  it("list the widths next/image would list for the same sizes", () => {
    // next/image: viewport-relative sizes keep the widths from the smallest device at the smallest share up; else all.
    expect(srcSetWidths("(min-width: 1024px) 33vw, 100vw")).toEqual([384, 640, 1080, 1920]);
    expect(srcSetWidths("(min-width: 1024px) 50vw, 100vw")).toEqual([384, 640, 1080, 1920]);
    expect(srcSetWidths("10vw")).toEqual([128, 384, 640, 1080, 1920]);
    expect(srcSetWidths("80px")).toEqual([128, 384, 640, 1080, 1920]);
  });

  it("give a card the same picture on the server and in the browser, from its stored path alone", () => {
    expect(cardPicture(upload, undefined)).toEqual(cardPicture(upload, null));
    expect(cardPicture(upload, "https://cdn.example.com").srcSet).toContain("https://cdn.example.com/i/640/uploads/products/");
    expect(cardPicture("https://images.example.org/mug.jpg", null)).toEqual({ src: "https://images.example.org/mug.jpg" });
  });

  it("point every variant (src and each srcset width) at the CDN when one is set, with the same path", () => {
    const img = optimizedImageProps({ ...card, cdn: "https://cdn.example.com/shop" });
    const urls = urlsOf(img);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(/^https:\/\/cdn\.example\.com\/shop\/i\/\d+\/uploads\/products\/0123456789abcdef0123456789abcdef\.webp$/);
    // Same variants as without the CDN: the CDN asks the shop for exactly the URLs the shop would have used.
    expect(urls).toEqual(urlsOf(optimizedImageProps(card)).map((u) => `https://cdn.example.com/shop${u}`));
  });

  it("leave external pictures alone, CDN or not", () => {
    const img = optimizedImageProps({ ...card, src: "https://images.example.org/mug.jpg", cdn: "https://cdn.example.com" });
    expect(img.src).toBe("https://images.example.org/mug.jpg");
  });

  it("use the CDN for the gallery's main picture and thumbnail", () => {
    const picture = galleryPicture(upload, false, "https://cdn.example.com");
    expect(picture.main.src).toMatch(/^https:\/\/cdn\.example\.com\/i\/1920\/uploads\//);
    expect(picture.thumb.src).toMatch(/^https:\/\/cdn\.example\.com\/i\/1920\/uploads\//);
  });

  it("take the CDN from IMAGE_CDN_URL, which must be an http(s) URL", () => {
    expect(imageCdn()).toBeNull();
    process.env.IMAGE_CDN_URL = "https://cdn.example.com/";
    resetSettingsForTests();
    expect(imageCdn()).toBe("https://cdn.example.com");
    expect(() => parseSettings({ IMAGE_CDN_URL: "cdn.example.com" })).toThrow(/IMAGE_CDN_URL/);
  });
});

describe("the same <img> attributes as next/image", () => {
  it("for cards, tiles, gallery pictures and thumbnails, with the shop's image settings (only the URLs' form differs)", async () => {
    // next/image's own attribute builder, with next.config.ts's widths (the build passes them to getImageProps).
    const { getImgProps } = await import("next/dist/shared/lib/get-img-props");
    const { imageConfigDefault } = await import("next/dist/shared/lib/image-config");
    const imgConf = { ...imageConfigDefault, ...IMAGE_WIDTHS, allSizes: [...IMAGE_WIDTHS.imageSizes, ...IMAGE_WIDTHS.deviceSizes], qualities: [75] };
    const loader = ({ src, width }: { src: string; width: number }) => imageVariantUrl(src, width);
    const cases = [
      { src: upload, width: 800, height: 800, sizes: CARD_IMAGE_SIZES, priority: true },
      { src: upload, width: 800, height: 600, sizes: CARD_IMAGE_SIZES },
      { src: upload, width: 800, height: 800, sizes: "(min-width: 1024px) 50vw, 100vw" },
      { src: upload, width: 80, height: 80, sizes: "80px" },
      { src: upload, fill: true, sizes: "80px" },
      { src: "https://images.example.org/mug.jpg", width: 800, height: 800, sizes: CARD_IMAGE_SIZES },
    ];
    for (const { priority, ...c } of cases) {
      const theirs: Record<string, unknown> = getImgProps({
        ...c,
        alt: "",
        loader,
        unoptimized: !isOptimizable(c.src),
        ...(priority ? { loading: "eager", fetchPriority: "high" } : { loading: "lazy" }),
      } as Parameters<typeof getImgProps>[0], { defaultLoader: loader, imgConf } as unknown as Parameters<typeof getImgProps>[1]).props;
      const { alt: _alt, ...expected } = Object.fromEntries(Object.entries(theirs).filter(([, v]) => v !== undefined));
      expect(optimizedImageProps({ ...c, priority })).toEqual(expected);
    }
  });
});
