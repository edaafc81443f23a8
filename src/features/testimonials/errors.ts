import { domainError } from "@/lib/domain-error";

/** Refusals of the testimonials editor; texts in admin.json under errors.<code> (decision 0352). */
export const TestimonialError = domainError("TestimonialError", {
  testimonialNotFound: "not_found",
});
export type TestimonialError = InstanceType<typeof TestimonialError>;
