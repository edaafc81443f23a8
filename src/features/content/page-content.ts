import { sanitizeRichText } from "@/lib/sanitize-html";
import type { Locale } from "@/i18n/routing";

export type PageRecord = { slug: string; slugEs: string; titleEn: string; titleEs: string; contentEn: string; contentEs: string };
export type LocalizedPage = { slug: string; title: string; html: string };

/** A page link in the reader's language: its title, falling back to the English one. */
export function localizedTitle(page: { titleEn: string; titleEs: string }, locale: Locale): string {
  return locale === "es" && page.titleEs.trim() ? page.titleEs : page.titleEn;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

type Run = { text?: unknown };
type Block = { type?: unknown; children?: unknown; runs?: unknown; content?: unknown };

/**
 * Page content may also be a JSON list of 'paragraph' blocks whose runs each carry text (docs/product.md#content-pages). Only
 * paragraph blocks are rendered and their runs are joined. Returns null when the text is not that shape (then it is
 * HTML).
 */
export function blocksToHtml(content: string): string | null {
  const trimmed = content.trim();
  if (!trimmed.startsWith("[")) return null;
  let data: unknown;
  try {
    data = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (!Array.isArray(data) || !data.every((block) => block !== null && typeof block === "object")) return null;
  const paragraphs: string[] = [];
  for (const block of data as Block[]) {
    if (block.type !== "paragraph") continue;
    const runs = [block.children, block.runs, block.content].find(Array.isArray) as Run[] | undefined;
    const text = (runs ?? [])
      .map((run) => (run && typeof run === "object" && typeof run.text === "string" ? run.text : ""))
      .join("");
    paragraphs.push(`<p>${escapeHtml(text)}</p>`);
  }
  return paragraphs.join("");
}

/** Rich text of a page made safe for the page: block JSON is turned into paragraphs, HTML is sanitized. */
export function renderPageContent(content: string): string {
  return blocksToHtml(content) ?? sanitizeRichText(content);
}

function isBlank(text: string): boolean {
  return text.replace(/<[^>]*>|&nbsp;|\s/g, "").length === 0;
}

/** The page in the shopper's language; Spanish text left empty falls back to the English one. */
export function localizePage(page: PageRecord, locale: Locale): LocalizedPage {
  const useSpanish = locale === "es";
  const title = localizedTitle(page, locale);
  const content = useSpanish && !isBlank(page.contentEs) ? page.contentEs : page.contentEn;
  return { slug: page.slug, title, html: renderPageContent(content) };
}
