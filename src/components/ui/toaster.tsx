"use client";

import { useTranslations } from "@/i18n/client";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { dismissToast, removeToast, TOAST_DURATION_MS, useToast } from "./use-toast";

/** Time for the close animation before a dismissed toast leaves the store. */
const REMOVE_DELAY_MS = 300;

/**
 * The toast area of every page (docs/product.md#toasts): the store keeps at most one toast, a new one replaces the old,
 * 5000 ms auto-dismiss, swipe right 50 px to dismiss, F8 focuses the area.
 */
export function Toaster() {
  const { toasts } = useToast();
  const t = useTranslations("layout.toast");
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label={t("notification")}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={duration}
          data-testid="toast"
          onOpenChange={(next) => {
            if (!next) {
              dismissToast(id);
              setTimeout(() => removeToast(id), REMOVE_DELAY_MS);
            }
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose label={t("close")} />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} label={t("viewport", { hotkey: "F8" })} />
    </ToastProvider>
  );
}
