import { afterEach, describe, expect, it } from "vitest";
import { parseSettings, resetSettingsForTests } from "@/server/env";
import { imageCdn } from "@/server/storage/image-cdn";
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

  it("go through the shop's own optimizer at /_next/image when no CDN is set", () => {
    const img = optimizedImageProps(card);
    for (const url of urlsOf(img)) expect(url).toMatch(/^\/_next\/image\?url=%2Fuploads%2Fproducts%2F0123456789abcdef0123456789abcdef\.webp&w=\d+&q=75$/);
  });

  it("point every variant (src and each srcset width) at the CDN when one is set, with the same optimizer query", () => {
    const img = optimizedImageProps({ ...card, cdn: "https://cdn.example.com/shop/" });
    const urls = urlsOf(img);
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(/^https:\/\/cdn\.example\.com\/shop\/_next\/image\?url=%2Fuploads%2Fproducts%2F0123456789abcdef0123456789abcdef\.webp&w=\d+&q=75$/);
    // Same widths as without the CDN: the CDN asks the shop for exactly the variants the shop would have made.
    expect(urls.map((u) => new URL(u).searchParams.get("w"))).toEqual(urlsOf(optimizedImageProps(card)).map((u) => new URL(u, "http://x").searchParams.get("w")));
  });

  it("leave external pictures alone, CDN or not", () => {
    const img = optimizedImageProps({ ...card, src: "https://images.example.org/mug.jpg", cdn: "https://cdn.example.com" });
    expect(img.src).toBe("https://images.example.org/mug.jpg");
  });

  it("use the CDN for the gallery's main picture and thumbnail", () => {
    const picture = galleryPicture(upload, false, "https://cdn.example.com");
    expect(picture.main.src).toMatch(/^https:\/\/cdn\.example\.com\/_next\/image\?url=/);
    expect(picture.thumb.src).toMatch(/^https:\/\/cdn\.example\.com\/_next\/image\?url=/);
  });

  it("take the CDN from IMAGE_CDN_URL, which must be an http(s) URL", () => {
    expect(imageCdn()).toBeNull();
    process.env.IMAGE_CDN_URL = "https://cdn.example.com/";
    resetSettingsForTests();
    expect(imageCdn()).toBe("https://cdn.example.com");
    expect(() => parseSettings({ IMAGE_CDN_URL: "cdn.example.com" })).toThrow(/IMAGE_CDN_URL/);
  });
});
