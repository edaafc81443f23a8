import { icon } from "./icons";

/**
 * Icons drawn only by server components (the product page's and category page's back link, the footer): kept out of
 * ./icons.tsx, which client components import whole, so their drawings are not in the pages' JavaScript
 * (decision 0240). icons.test.ts fails if a client module imports this file.
 */
export const ArrowLeftIcon = icon(<path d="m12 19-7-7 7-7M19 12H5" />);
export const MailIcon = icon(
  <>
    <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </>,
);
export const MapPinIcon = icon(
  <>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </>,
);
