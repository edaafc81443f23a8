/** Cache tag of the automatic promotions shown on product cards and pages (src/features/promotions/automatic-display.ts). */
export const PROMOTIONS_TAG = "promotions";
