import { z } from "zod";
import { isSafeLinkUrl } from "@/lib/safe-link-url";
import { carriers } from "./carriers";

/**
 * What an admin types when shipping or correcting a parcel. A tracking number is letters, digits, spaces and dashes
 * (what carriers print); "other" needs the full http(s) address, known carriers must not bring one.
 */
export const trackingInputSchema = z
  .object({
    carrier: z.enum(carriers),
    trackingNumber: z
      .string()
      .trim()
      .min(1, "trackingNumberRequired")
      .max(64, "trackingNumberInvalid")
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "trackingNumberInvalid"),
    trackingUrl: z.string().trim().max(2000).optional().default(""),
  })
  .superRefine((value, ctx) => {
    if (value.carrier !== "other") return;
    if (!value.trackingUrl || !/^https?:\/\//i.test(value.trackingUrl) || !isSafeLinkUrl(value.trackingUrl)) {
      ctx.addIssue({ code: "custom", path: ["trackingUrl"], message: "trackingUrlInvalid" });
    }
  });
export type TrackingInput = z.input<typeof trackingInputSchema>;
export type TrackingData = z.output<typeof trackingInputSchema>;
