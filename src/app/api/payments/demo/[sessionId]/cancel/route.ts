import { cancelDemoSession } from "@/features/checkout/demo-payment/demo-payment";
import { handleDemoAction } from "@/features/checkout/demo-payment/demo-route";

export const dynamic = "force-dynamic";

/** The demo page's Cancel: cancels the pending order, releases its stock and returns to the shop's cancel URL. */
export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  return handleDemoAction(request, params, cancelDemoSession);
}
