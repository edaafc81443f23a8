import { z } from "zod";

/*
 * The contact form's input (docs/product.md#contact-form). The same schema checks the form in the browser and the
 * message on the server; each issue names its field, so the form shows it there. Messages are codes of contact.json's
 * `errors`, said in the reader's language by the form.
 */

// Letters, digits, punctuation and spaces, but no control characters: a name never spans lines (it is shown in a
// mail's text and in the admin's list).
const singleLine = /^[^\p{Cc}]*$/u;

export const NAME_MAX = 120;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(NAME_MAX, "nameTooLong").regex(singleLine, "nameInvalid"),
  // Lower-cased: "Ana@Example.com" and ana@example.com share one rate limit.
  email: z.string().trim().toLowerCase().min(1, "emailRequired").pipe(z.email("emailInvalid").max(254, "emailInvalid")),
  message: z.string().trim().min(1, "messageRequired").min(MESSAGE_MIN, "messageTooShort").max(MESSAGE_MAX, "messageTooLong"),
  locale: z.enum(["en", "es"]).catch("en"),
  /** The honeypot: hidden from people, filled by form-filling robots. */
  website: z.string().max(500).optional().catch("robot"),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactField = "name" | "email" | "message";
export const contactFields: readonly ContactField[] = ["name", "email", "message"];

/** The first issue of each field, as a code of contact.json's `errors`. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !contactFields.includes(field as ContactField)) continue;
    errors[field as ContactField] ??= issue.code === "invalid_type" ? `${field}Required` : issue.message;
  }
  return errors;
}
