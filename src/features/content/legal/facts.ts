/**
 * What the legal templates say about the seller, taken from the shop's settings when a template is made
 * (docs/product.md#legal-templates). A fact left empty in the settings appears as a bracketed gap for the owner to fill
 * in before publishing.
 */
export type LegalFacts = {
  storeName: string;
  legalName: string;
  taxId: string;
  address: string;
  email: string;
  returnWindowDays: number;
};

export type LegalTemplateKey = "privacy" | "terms" | "legal_notice" | "withdrawal" | "shipping" | "returns";
export const legalTemplateKeys: readonly LegalTemplateKey[] = ["legal_notice", "privacy", "terms", "withdrawal", "shipping", "returns"];

export type LegalText = { title: string; html: string };

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A fact as HTML: escaped, with the gap text (already HTML) when the setting is empty. */
export function fact(value: string, gap: string): string {
  const clean = value.trim();
  return clean ? escapeHtml(clean) : `<strong>${gap}</strong>`;
}

/** The seller's facts as the texts print them, the gaps in the text's language. */
export function printedFacts(facts: LegalFacts, gaps: { legalName: string; taxId: string; address: string; email: string }) {
  const email = facts.email.trim();
  return {
    store: escapeHtml(facts.storeName.trim() || facts.legalName.trim()),
    seller: fact(facts.legalName || facts.storeName, gaps.legalName),
    taxId: fact(facts.taxId, gaps.taxId),
    address: fact(facts.address, gaps.address),
    email: email ? `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>` : `<strong>${gaps.email}</strong>`,
    days: String(facts.returnWindowDays),
  };
}
