import { z } from "zod";
import { compiledMessages } from "@/i18n/compile-messages";
import { ISLANDS, islandClientMessages } from "@/i18n/client-messages";
import { locales } from "@/i18n/routing";

/**
 * GET /api/messages/{locale}/{island} — the messages a lazily loaded overlay (the cart drawer, the sign-in dialog and
 * the user menu) brings with it, precompiled like the page's (src/i18n/compile-messages.ts). They are fixed for a
 * build, so every answer is prerendered; the page's payload no longer carries them (HTML weight).
 */
export const dynamic = "force-static";
export const dynamicParams = false;

const Params = z.object({ locale: z.enum(locales), island: z.enum(ISLANDS as [string, ...string[]]) });

export function generateStaticParams() {
  return locales.flatMap((locale) => ISLANDS.map((island) => ({ locale, island })));
}

export async function GET(_request: Request, { params }: RouteContext<"/api/messages/[locale]/[island]">): Promise<Response> {
  const parsed = Params.safeParse(await params);
  if (!parsed.success) return Response.json({ error: "not_found" }, { status: 404 });
  const { locale, island } = parsed.data;
  return Response.json(islandClientMessages(compiledMessages(locale), island as (typeof ISLANDS)[number]));
}
