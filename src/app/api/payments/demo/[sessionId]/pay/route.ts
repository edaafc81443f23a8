import { payDemoSession } from "@/features/checkout/demo-payment";
import { handleDemoAction } from "../../demo-route";

export const dynamic = "force-dynamic";

/** The demo page's Pay button: confirms the payment (same code path as a webhook) and goes to the success page. */
export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  return handleDemoAction(request, params, (db, sessionId, userId) => payDemoSession(db, sessionId, userId));
}
