import type { SVGProps } from "react";

const DRAWING_ID = "vitrina-cart-icon";
const STROKE = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

/**
 * lucide's ShoppingCart, drawn in full by the header's cart button (on every page). A product grid shows it once per
 * card; there <CartIconCopy> reuses this drawing instead of repeating it (~450 bytes a card, HTML weight).
 */
export function CartIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" {...STROKE} aria-hidden {...props}>
      <g id={DRAWING_ID}>
        <path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18" />
        <path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" />
        <circle cx="18" cy="20" r="2" />
        <circle cx="8" cy="20" r="2" />
      </g>
    </svg>
  );
}

/**
 * The cart icon again, by reference to the header's drawing. Its size and stroke come from the caller's CSS
 * (`.card-add-button > svg` in storefront.css), not from attributes repeated on every card.
 */
export function CartIconCopy(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden {...props}>
      <use href={`#${DRAWING_ID}`} />
    </svg>
  );
}
