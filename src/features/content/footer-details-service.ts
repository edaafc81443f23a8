import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { footerDetails, socialNetworks, type SocialLink } from "@/server/db/schema/footer-details";
import { writeAudit, type AdminActor } from "@/server/audit";
import { ContentError } from "./errors";
import { footerDetailsInputSchema, type FooterDetailsInput } from "./page-schemas";

/** The footer's location line and social links (docs/product.md#footer); a new shop has neither. */
export type FooterDetails = { locationEn: string; locationEs: string; socialLinks: SocialLink[] };

const empty: FooterDetails = { locationEn: "", locationEs: "", socialLinks: [] };

/** Drops entries a hand edit may have left malformed, so the footer never breaks on them. */
function cleanSocial(value: unknown): SocialLink[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (l): l is SocialLink => l !== null && typeof l === "object" && (socialNetworks as readonly string[]).includes(l.network) && typeof l.url === "string" && isSocialUrl(l.url),
  );
}

/** A social link is an https address (it opens in a new tab from every page). */
function isSocialUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname.includes(".") && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

export async function loadFooterDetails(db: Db): Promise<FooterDetails> {
  const [row] = await db.select().from(footerDetails).where(eq(footerDetails.id, "footer")).limit(1);
  if (!row) return empty;
  return { locationEn: row.locationEn, locationEs: row.locationEs, socialLinks: cleanSocial(row.socialLinks) };
}

/** Saves the footer details as the form sends them: an empty address removes that network's button. */
export async function saveFooterDetails(db: Db, actor: AdminActor, input: FooterDetailsInput): Promise<FooterDetails> {
  const data = footerDetailsInputSchema.parse(input);
  const socialLinks: SocialLink[] = [];
  for (const network of socialNetworks) {
    const url = data.social[network].trim();
    if (!url) continue;
    if (!isSocialUrl(url)) throw new ContentError("socialUrlInvalid", { url }, undefined, { field: network });
    socialLinks.push({ network, url });
  }
  const details: FooterDetails = { locationEn: data.locationEn.trim(), locationEs: data.locationEs.trim(), socialLinks };
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(footerDetails).where(eq(footerDetails.id, "footer")).for("update");
    await tx
      .insert(footerDetails)
      .values({ id: "footer", ...details })
      .onConflictDoUpdate({ target: footerDetails.id, set: { ...details, isDemo: false, updatedAt: new Date() } });
    await writeAudit(tx, actor, {
      action: "update",
      entity: "footer",
      entityId: "details",
      before: current ? { locationEn: current.locationEn, locationEs: current.locationEs, socialLinks: current.socialLinks } : null,
      after: details,
    });
  });
  return details;
}
