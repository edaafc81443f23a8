import type { ReactNode } from "react";

/**
 * The real document (<html lang>, header, footer) is rendered by app/[locale]/layout.tsx; this root layout only
 * exists so that paths outside any locale can reach app/not-found.tsx.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
