"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Field } from "@/features/admin/components/field";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { useFieldErrors } from "@/features/admin/components/use-field-errors";
import { useLeaveGuard } from "@/features/admin/components/use-leave-guard";
import { useRouter } from "@/i18n/navigation";
import type { SettingsSection } from "@/features/settings/schemas";
import { saveSettingsSectionAction } from "../actions";

/**
 * One field of a settings section as the page describes it (labels already in the admin's language). `scale`: the
 * form shows the stored number divided by it (seconds shown as minutes) and sends a whole number of them back.
 */
export type SettingsField = {
  name: string;
  kind: "text" | "email" | "tel" | "number" | "textarea" | "checkbox" | "select";
  label: string;
  hint?: string;
  options?: { value: string; label: string }[];
  disabled?: boolean;
  scale?: number;
};

type Value = string | number | boolean | null;
export type SectionTexts = { save: string; saved: string };

const shown = (field: SettingsField, value: Value): string | boolean =>
  field.kind === "checkbox" ? value === true : field.scale && typeof value === "number" ? String(value / field.scale) : String(value ?? "");

/** What the form sends: text as typed (the server checks it), a scaled number converted back when it is whole. */
function sent(field: SettingsField, value: string | boolean): unknown {
  if (typeof value === "boolean" || !field.scale) return value;
  const n = Number(value);
  return value.trim() !== "" && Number.isInteger(n) ? n * field.scale : value;
}

/**
 * A section of /admin/settings (docs/product.md#settings): its fields, saved together; a refusal is shown on each field
 * at fault (aria-invalid, described by its message, the first one focused) and nothing is saved. Leaving with unsaved
 * changes asks first (docs/product.md#editors-that-keep-work).
 */
export function SettingsSectionForm({
  section,
  fields,
  values,
  texts,
  children,
}: {
  section: SettingsSection;
  fields: SettingsField[];
  values: Record<string, Value>;
  texts: SectionTexts;
  children?: ReactNode;
}) {
  const router = useRouter();
  const call = useActionCall();
  const [state, setState] = useState(() => Object.fromEntries(fields.map((f) => [f.name, shown(f, values[f.name])])));
  const [savedState, setSavedState] = useState(state);
  useLeaveGuard(JSON.stringify(state) !== JSON.stringify(savedState));
  const { bindForm, ...errors } = useFieldErrors();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `settings-${section}-${name}`;

  async function save() {
    setBusy(true);
    setMessage(null);
    // Fields the page does not show (the logo, set by its own upload) go back as they were.
    const input = { ...values, ...Object.fromEntries(fields.map((f) => [f.name, sent(f, state[f.name])])) };
    const saving = state;
    const result = await call(() => saveSettingsSectionAction(section, input));
    setBusy(false);
    if (result.ok) {
      errors.clear();
      setSavedState(saving);
      setMessage({ ok: true, text: texts.saved });
      router.refresh();
      return;
    }
    errors.show(result);
    setMessage({ ok: false, text: result.error });
  }

  return (
    <form
      ref={bindForm}
      className="grid gap-4 sm:grid-cols-2"
      data-testid={`settings-${section}-form`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {fields.map((f) => {
        const error = errors.errorFor(f.name);
        const value = state[f.name];
        const set = (next: string | boolean) => setState((s) => ({ ...s, [f.name]: next }));
        if (f.kind === "checkbox") {
          return (
            <label key={f.name} className="flex items-center gap-2 text-sm sm:col-span-2">
              <input id={id(f.name)} type="checkbox" checked={value === true} disabled={f.disabled} aria-invalid={error ? true : undefined} onChange={(e) => set(e.target.checked)} />
              {f.label}
              {error ? <span className="text-destructive" role="alert" data-testid={`${id(f.name)}-error`}>{error}</span> : null}
            </label>
          );
        }
        if (f.kind === "select" || f.kind === "textarea") {
          const describedBy = error ? `${id(f.name)}-error` : undefined;
          const className = "w-full min-w-0 rounded-[var(--radius)] border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";
          return (
            <div key={f.name} className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor={id(f.name)}>{f.label}</Label>
              {f.kind === "select" ? (
                <select id={id(f.name)} className={className} value={String(value)} disabled={f.disabled} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => set(e.target.value)}>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <textarea id={id(f.name)} className={`${className} min-h-20`} value={String(value)} disabled={f.disabled} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => set(e.target.value)} />
              )}
              {error ? (
                <p id={describedBy} role="alert" className="text-sm text-destructive" data-testid={describedBy}>
                  {error}
                </p>
              ) : null}
              {f.hint ? <p className="text-xs text-muted-foreground">{f.hint}</p> : null}
            </div>
          );
        }
        return (
          <Field
            key={f.name}
            id={id(f.name)}
            label={f.label}
            hint={f.hint}
            error={error}
            type={f.kind === "number" ? "text" : f.kind}
            inputMode={f.kind === "number" ? "numeric" : undefined}
            value={String(value)}
            disabled={f.disabled}
            onChange={(e) => set(e.target.value)}
          />
        );
      })}
      {children ? <div className="sm:col-span-2">{children}</div> : null}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy || fields.every((f) => f.disabled)} data-testid={`settings-${section}-save`}>
          {texts.save}
        </Button>
        {message ? (
          <p role="status" className={message.ok ? "text-sm text-muted-foreground" : "text-sm text-destructive"} data-testid={`settings-${section}-message`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
