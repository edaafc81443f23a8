"use client";

import type { ComponentProps, ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { useFieldError } from "./use-field-errors";

/**
 * A labelled input; the label is tied to the input so tests and screen readers find it by name. `error` is shown under
 * it (test id `<id>-error`), announced, and tied to the input as its description; without `error`, the refusal of the
 * form's last save for `path` (its place in the action's input, use-field-errors.ts) is.
 */
export function Field({ id, label, hint, error: given, path, ...props }: { id: string; label: ReactNode; hint?: ReactNode; error?: ReactNode; path?: string } & ComponentProps<typeof Input>) {
  const refused = useFieldError(path);
  const error = given ?? refused;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

export function TextAreaField({ id, label, className, ...props }: { id: string; label: ReactNode } & ComponentProps<"textarea">) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        className={cn(
          "min-h-20 w-full rounded-[var(--radius)] border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          className,
        )}
        {...props}
      />
    </div>
  );
}
