import type { ReactNode } from "react";
import { AllClientMessages } from "@/components/shell/all-client-messages";

/** A private area: its client components may read any message (src/i18n/client-messages.ts). */
export default function PrivateAreaLayout({ children }: { children: ReactNode }) {
  return <AllClientMessages>{children}</AllClientMessages>;
}
