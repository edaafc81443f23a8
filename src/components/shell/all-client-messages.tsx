import type { ReactNode } from "react";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { IntlProvider } from "@/i18n/client";

/**
 * Every message for the client components inside: for private areas (admin, profile, payment), which are rendered
 * per visitor anyway and whose forms read many namespaces. Public pages send only src/i18n/client-messages.ts's list.
 */
export async function AllClientMessages({ children }: { children: ReactNode }) {
  const [locale, timeZone, messages] = await Promise.all([getLocale(), getTimeZone(), getMessages()]);
  return (
    <IntlProvider locale={locale} timeZone={timeZone} messages={messages}>
      {children}
    </IntlProvider>
  );
}
