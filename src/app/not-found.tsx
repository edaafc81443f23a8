import type { Metadata } from "next";
import { NotFoundContent } from "@/components/shell/not-found-content";
import messages from "@/messages/en/errors.json";
import { initialSettings } from "@/features/settings/queries";
import "./globals.css";

export function generateMetadata(): Metadata {
  // Prerendered by `next build`, which never opens the database: the store name as the environment gives it.
  return { title: `${messages.notFound.title} - ${initialSettings().store.name}` };
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
        {/* A plain link: this page has a root layout of its own, so leaving it loads a whole document anyway. next/link
            here made it a client module of every page, in a chunk of its own beside the copy the layout's links
            bundle (~3 kB gzipped twice; decision 0240). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a document of its own, see above */}
        <NotFoundContent code={t.code} title={t.title} message={t.message} home={<a href="/">{t.home}</a>} />
      </body>
    </html>
  );
}
