import type { ZodError } from "zod";

/**
 * A refusal of the input's shape as a code and its parameters: "too long (at most …)" for text, otherwise the fields
 * at fault. The back office says it in admin.json under errors.<code>; domains throw it as their own error.
 */
export function zodRefusal(error: ZodError): { code: "tooLong"; params: { max: number } } | { code: "invalidInput"; params: { details: string } } {
  // "Too long (at most N characters)" fits text only; a list or number too big is named by its field below.
  const tooLong = error.issues.find((i) => i.code === "too_big" && i.origin === "string");
  if (tooLong && "maximum" in tooLong) return { code: "tooLong", params: { max: Number(tooLong.maximum) } };
  const details = error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  return { code: "invalidInput", params: { details } };
}
