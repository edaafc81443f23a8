import type { ReactNode } from "react";
import { ServerIntlProvider } from "@/i18n/server-provider";

/**
 * Every message for the client components inside: for private areas (admin, profile, payment), which are rendered
 * per visitor anyway and whose forms read many namespaces. Public pages send only src/i18n/client-messages.ts's list.
 */
export function AllClientMessages({ children }: { children: ReactNode }) {
  return <ServerIntlProvider>{children}</ServerIntlProvider>;
}
