import { describe, expect, it } from "vitest";
import { cleanRichText, htmlToPlainText, sanitizeRichText } from "./sanitize-html";

describe("sanitizeRichText", () => {
  it("keeps normal formatting, lists, links and images", () => {
    const html = '<h2>Care</h2><p class="ql-align-center"><strong>Soft</strong> <em>leather</em></p><ul><li>One</li></ul><a href="https://example.com">x</a><img src="/uploads/a.webp" alt="a">';
    // sanitize-html writes void elements self-closed.
    expect(sanitizeRichText(html)).toBe(html.replace('alt="a">', 'alt="a" />'));
  });

  it("removes scripts, event handlers and javascript: links", () => {
    const out = sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">a</a><img src=x onerror="alert(1)"><svg onload="alert(1)"></svg>');
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript:|<svg/i);
    expect(out).toContain("<p>Hi</p>");
  });

  it("allows mailto links and adds rel to links opening a new tab", () => {
    expect(sanitizeRichText('<a href="mailto:a@b.c">m</a>')).toBe('<a href="mailto:a@b.c">m</a>');
    expect(sanitizeRichText('<a href="https://a.b" target="_blank">t</a>')).toBe('<a href="https://a.b" target="_blank" rel="noopener noreferrer">t</a>');
  });

  it("keeps YouTube and Vimeo embeds only", () => {
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/embed/abc"></iframe>')).toContain("youtube.com/embed/abc");
    expect(sanitizeRichText('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toContain("player.vimeo.com");
    expect(sanitizeRichText('<iframe src="https://evil.example/x"></iframe>')).not.toContain("evil");
  });

  it("drops data: images and unknown classes", () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).not.toContain("data:");
    expect(sanitizeRichText('<p class="ql-indent-1 evil">x</p>')).toBe('<p class="ql-indent-1">x</p>');
  });
});

describe("htmlToPlainText", () => {
  it("strips tags and entities into single-spaced text", () => {
    expect(htmlToPlainText("<p>Soft&nbsp;leather</p><p>Tom &amp; Co</p>")).toBe("Soft leather Tom & Co");
  });
});

describe("cleanRichText", () => {
  it("turns the editor's &nbsp; entities into spaces and keeps a literal no-break space a writer chose", () => {
    expect(cleanRichText("<p>Soft&nbsp;leather&#160;bag</p>")).toBe("<p>Soft leather bag</p>");
    expect(cleanRichText("<p>Envío gratis desde 100,00\u00a0€</p>")).toBe("<p>Envío gratis desde 100,00\u00a0€</p>");
  });
});
