import type { Metadata } from "next";
import Link from "next/link";
import { NotFoundContent } from "@/components/shell/not-found-content";
import messages from "@/messages/en/errors.json";
import { settings } from "@/server/env";
import "./globals.css";

export function generateMetadata(): Metadata {
  return { title: `${messages.notFound.title} - ${settings().STORE_NAME}` };
}

/**
 * 404 for requests no locale route handles (e.g. a path with a file extension, which the proxy skips). There is
 * no locale here, so it is the default language's page, as a full document.
 */
export default function RootNotFound() {
  const t = messages.notFound;
  return (
    <html lang="en">
      <body className="min-h-screen antialiased">
        <NotFoundContent code={t.code} title={t.title} message={t.message} home={<Link href="/">{t.home}</Link>} />
      </body>
    </html>
  );
}
