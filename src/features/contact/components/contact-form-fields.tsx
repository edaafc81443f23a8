"use client";

import { useActionState, type ReactNode } from "react";
import { PlainButton } from "@/components/ui/button-base";
import { sendContactMessageAction, type ContactFormState } from "../actions";
import { MESSAGE_MAX, NAME_MAX, type ContactField } from "../schemas";

/** The form's texts, translated on the server: the contact page's browser code carries no message catalogue. */
export type ContactFormTexts = {
  name: string;
  email: string;
  message: string;
  honeypot: string;
  submit: string;
  sending: string;
  sent: string;
  failed: string;
  rateLimited: string;
  invalid: string;
  /** contact.json's `errors`, by code. */
  errors: Record<string, string>;
};

const INPUT =
  "flex w-full rounded-[var(--radius)] border bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

const initialState: ContactFormState = { status: "idle", attempt: 0 };

/**
 * The contact form (docs/product.md#contact-form). A form action through useActionState: with JavaScript the answer
 * arrives without a page load; without it the browser posts the form and the page is drawn again from the same state.
 * Input classes written out rather than Input's cn() (decision 0240).
 */
export function ContactFormFields({ texts, locale }: { texts: ContactFormTexts; locale: string }) {
  const [state, formAction, pending] = useActionState(sendContactMessageAction, initialState);
  const error = (field: ContactField) => {
    const code = state.fieldErrors?.[field];
    return code ? (texts.errors[code] ?? texts.invalid) : undefined;
  };
  const value = (field: ContactField) => state.values?.[field] ?? "";
  return (
    // Drawn again per submission (key): a sent form starts empty, a refused one keeps what was typed.
    <form key={state.attempt} action={formAction} className="grid max-w-xl gap-4" data-testid="contact-form">
      <input type="hidden" name="locale" value={locale} />
      <Status state={state} texts={texts} />
      <FieldRow id="contact-name" label={texts.name} error={error("name")}>
        <input id="contact-name" name="name" required maxLength={NAME_MAX} autoComplete="name" defaultValue={value("name")} className={`${INPUT} h-10`} {...described("contact-name", error("name"))} />
      </FieldRow>
      <FieldRow id="contact-email" label={texts.email} error={error("email")}>
        <input id="contact-email" name="email" type="email" required maxLength={254} autoComplete="email" defaultValue={value("email")} className={`${INPUT} h-10`} {...described("contact-email", error("email"))} />
      </FieldRow>
      <FieldRow id="contact-message" label={texts.message} error={error("message")}>
        <textarea id="contact-message" name="message" required rows={6} maxLength={MESSAGE_MAX} defaultValue={value("message")} className={`${INPUT} min-h-32`} {...described("contact-message", error("message"))} />
      </FieldRow>
      {/* The honeypot: off-screen and out of the tab order, so people never fill it; robots filling every field do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{texts.honeypot}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <PlainButton type="submit" disabled={pending} aria-busy={pending}>
          {pending ? texts.sending : texts.submit}
        </PlainButton>
      </div>
    </form>
  );
}

function described(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

function FieldRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Status({ state, texts }: { state: ContactFormState; texts: ContactFormTexts }) {
  if (state.status === "idle") return null;
  if (state.status === "sent")
    return (
      <p role="status" className="rounded-[var(--radius)] border border-green-600/40 bg-green-600/10 p-3 text-sm" data-testid="contact-sent">
        {texts.sent}
      </p>
    );
  const message = state.status === "rate_limited" ? texts.rateLimited : state.status === "invalid" ? texts.invalid : texts.failed;
  return (
    <p role="alert" className="rounded-[var(--radius)] border border-destructive/40 bg-destructive/10 p-3 text-sm" data-testid="contact-error" data-reason={state.status}>
      {message}
    </p>
  );
}
