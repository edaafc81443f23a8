import type { Dialog, Page } from "@playwright/test";

/**
 * Does `trigger`, answers the dialog it opens (`accept`, or stay) and tells what it was: the leave guard's question
 * (docs/product.md#editors-that-keep-work) or the browser's own before a reload.
 */
export async function answerDialog(page: Page, trigger: () => Promise<unknown>, accept: boolean): Promise<{ type: string; message: string }> {
  const opened = page.waitForEvent("dialog");
  // A reload or a step back the admin stays from never finishes: only the dialog is awaited.
  const done = trigger().catch(() => undefined);
  const dialog: Dialog = await opened;
  const seen = { type: dialog.type(), message: dialog.message() };
  if (accept) await dialog.accept();
  else await dialog.dismiss();
  if (accept) await done;
  return seen;
}
