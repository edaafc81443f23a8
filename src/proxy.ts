import createMiddleware from "next-intl/middleware";
import { routing } from "./i18n/routing";

export default createMiddleware(routing);

export const config = {
  // Everything but API routes, Next internals, uploaded files and files with an extension (robots.txt, sitemap.xml…).
  matcher: "/((?!api|_next|_vercel|uploads|.*\\..*).*)",
};
