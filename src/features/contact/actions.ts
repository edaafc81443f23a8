"use server";

import { headers } from "next/headers";
import { clientAddress } from "@/features/accounts/client-address";
import { shopSettings } from "@/features/settings/queries";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { log } from "@/server/log";
import { wakeMailWorker } from "@/server/mail/outbox-worker";
import type { ContactField } from "./schemas";
import { submitContactMessage } from "./service";

/**
 * What the contact form shows after a submission. `values` are the typed texts, returned so that a form posted without
 * JavaScript (the page is drawn again from this state) keeps them next to its errors; cleared once sent.
 */
export type ContactFormState = {
  status: "idle" | "sent" | "invalid" | "rate_limited" | "failed";
  fieldErrors?: Partial<Record<ContactField, string>>;
  values?: Record<ContactField, string>;
  /** Counts submissions, so the form can tell a second "sent" from the first. */
  attempt: number;
};

/** A field of the posted form; anything that is not a form (a forged call) reads as empty fields, refused below. */
const text = (form: unknown, name: string) => {
  const value = form instanceof FormData ? form.get(name) : null;
  return typeof value === "string" ? value : "";
};

/** The contact form's action (docs/product.md#contact-form), for `useActionState`: works with and without JavaScript. */
export async function sendContactMessageAction(previous: ContactFormState, form: FormData): Promise<ContactFormState> {
  const values = { name: text(form, "name"), email: text(form, "email"), message: text(form, "message") };
  const attempt = (typeof previous?.attempt === "number" && Number.isSafeInteger(previous.attempt) ? previous.attempt : 0) + 1;
  try {
    const [store, requestHeaders] = [(await shopSettings()).store, await headers()];
    const client = clientAddress(requestHeaders, settings().TRUSTED_PROXY);
    const result = await submitContactMessage(await getDb(), { ...values, locale: text(form, "locale"), website: text(form, "website") }, client, {
      email: store.email,
      storeName: store.name,
    });
    if (result.ok) {
      // The message is committed: the worker sends it now rather than at its next poll.
      wakeMailWorker();
      return { status: "sent", attempt };
    }
    if (result.reason === "invalid") return { status: "invalid", fieldErrors: result.fieldErrors, values, attempt };
    return { status: "rate_limited", values, attempt };
  } catch (error) {
    log.error("contact.send_failed", { error });
    return { status: "failed", values, attempt };
  }
}
