import type { ReactNode, SVGProps } from "react";

/**
 * The icons of the storefront (header, footer, product page, listings, dialogs): lucide's drawings (ISC licence) as
 * plain SVG. lucide-react's Icon is a client module, so even a server component that draws one sends lucide's icon
 * base (context, class and attribute building) to the browser; these are a few bytes each (JavaScript;
 * decision 0240). Admin pages and the overlays loaded on first use may still use lucide-react (icons.test.ts keeps the
 * list). Decorative unless given a label. The icons drawn only by server components are in ./server-icons.tsx, so the
 * client components' chunk carries only the drawings they use.
 */
export function icon(drawing: ReactNode) {
  function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        {...props}
      >
        {drawing}
      </svg>
    );
  }
  return Icon;
}

export const MenuIcon = icon(<path d="M4 5h16M4 12h16M4 19h16" />);
export const CloseIcon = icon(<path d="M18 6 6 18M6 6l12 12" />);
export const SearchIcon = icon(
  <>
    <path d="m21 21-4.34-4.34" />
    <circle cx="11" cy="11" r="8" />
  </>,
);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20M2 12h20" />
  </>,
);
export const UserIcon = icon(
  <>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </>,
);
export const UserRoundIcon = icon(
  <>
    <circle cx="12" cy="8" r="5" />
    <path d="M20 21a8 8 0 0 0-16 0" />
  </>,
);
export const MinusIcon = icon(<path d="M5 12h14" />);
export const PlusIcon = icon(<path d="M5 12h14M12 5v14" />);
export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />);
export const SlidersIcon = icon(<path d="M10 5H3M12 19H3M14 3v4M16 17v4M21 12h-9M21 19h-5M21 5h-7M8 10v4M8 12H3" />);
export const ShoppingCartIcon = icon(
  <>
    <path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" />
    <circle cx="18" cy="20" r="2" />
    <circle cx="8" cy="20" r="2" />
  </>,
);
export const LoaderCircleIcon = icon(<path d="M21 12a9 9 0 1 1-6.219-8.56" />);
