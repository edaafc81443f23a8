import type { ReactNode } from "react";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { IntlProvider } from "@/i18n/client";

type Messages = Awaited<ReturnType<typeof getMessages>>;

/**
 * The request's language, time zone and messages handed to the client translator (decision 0290), read in one place.
 * `select` keeps only what the client components inside read: public pages send a part of the messages
 * (src/i18n/client-messages.ts), private areas all of them.
 */
export async function ServerIntlProvider({ select, children }: { select?: (messages: Messages) => Partial<Messages>; children: ReactNode }) {
  const [locale, timeZone, messages] = await Promise.all([getLocale(), getTimeZone(), getMessages()]);
  return (
    <IntlProvider locale={locale} timeZone={timeZone} messages={select ? select(messages) : messages}>
      {children}
    </IntlProvider>
  );
}
