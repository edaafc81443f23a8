import sanitize from "sanitize-html";

/**
 * The one HTML sanitizer for rich text a shopper sees (product descriptions, additional info, pages). Keeps the
 * formatting Quill produces (headings, lists, alignment classes, links, images, videos) and drops scripts, event
 * handlers, styles and any URL scheme other than http(s)/mailto. Video embeds are limited to YouTube and Vimeo.
 */
const options: sanitize.IOptions = {
  allowedTags: [
    "p", "br", "span", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code",
    "strong", "b", "em", "i", "u", "s", "strike", "del", "ins", "sub", "sup", "small", "mark",
    "ul", "ol", "li", "a", "img", "iframe", "hr", "figure", "figcaption",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    iframe: ["src", "width", "height", "title", "allow", "allowfullscreen", "frameborder"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
    ol: ["start"],
    li: ["data-list"],
    // Quill expresses alignment, indentation and fonts as classes; they carry no behaviour.
    "*": ["class"],
  },
  allowedClasses: { "*": [/^ql-[a-z0-9-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"],
  disallowedTagsMode: "discard",
  transformTags: {
    // A link that opens a new tab must not hand the opener to the other site.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target === "_blank") out.rel = "noopener noreferrer";
      else delete out.target;
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitize(html, options);
}

/** Plain text of some HTML (for meta descriptions and search snippets): tags removed, whitespace collapsed. */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  const text = sanitize(html.replace(/<\/(p|div|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, " "), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Rich text as stored: sanitized with the storefront's own rules (no scripts, handlers, javascript: URLs; iframes
 * only from YouTube/Vimeo), and Quill's &nbsp; entities turned into plain spaces so text wraps and searches normally.
 * A literal no-break space (U+00A0, as in "100,00 €" from a file or the seed) is a writer's choice and stays.
 */
export function cleanRichText(html: string): string {
  return sanitizeRichText(html.replace(/&nbsp;|&#160;/g, " "));
}
