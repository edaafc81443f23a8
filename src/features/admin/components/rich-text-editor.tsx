"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "@/i18n/client";
import { useEffect, useMemo, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import "react-quill-new/dist/quill.snow.css";

// Quill touches `document` when it loads: it only ever runs in the browser.
const ReactQuill = dynamic(() => import("react-quill-new"), {
  ssr: false,
  loading: () => (
    <div className="flex h-64 items-center justify-center rounded-[var(--radius)] border">
      <Spinner />
    </div>
  ),
});

/** Toolbar controls by Quill's class (and value): message keys of admin.editorToolbar. */
const toolbarKeys = {
  header: "header",
  font: "font",
  size: "size",
  bold: "bold",
  italic: "italic",
  underline: "underline",
  strike: "strike",
  blockquote: "blockquote",
  "list:ordered": "listOrdered",
  "list:bullet": "listBullet",
  "indent:-1": "outdent",
  "indent:+1": "indent",
  link: "link",
  image: "image",
  video: "video",
  clean: "clean",
} as const;

type QuillLike = { getSelection: (focus?: boolean) => { index: number } | null; insertEmbed: (index: number, type: string, value: string, source?: string) => void };

/**
 * Quill 2 with the toolbar of docs/product.md#admin-pages: headers 1 and 2, font, size, bold, italic, underline,
 * strike, blockquote, ordered and bullet lists, indent and outdent, link, image, video, clear formatting. Images are
 * inserted by address (Quill's default would embed a data: URI, which the server's sanitizer refuses).
 */
export function RichTextEditor({ value, onChange, label, imagePrompt }: { value: string; onChange: (html: string) => void; label: string; imagePrompt: string }) {
  const modules = useMemo(
    () => ({
      toolbar: {
        container: [
          [{ header: [1, 2, false] }],
          [{ font: [] }],
          [{ size: [] }],
          ["bold", "italic", "underline", "strike", "blockquote"],
          [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }],
          ["link", "image", "video"],
          ["clean"],
        ],
        handlers: {
          image(this: { quill: QuillLike }) {
            const url = window.prompt(imagePrompt)?.trim();
            if (!url || !/^(https?:\/\/|\/(?!\/))/i.test(url)) return;
            const range = this.quill.getSelection(true);
            this.quill.insertEmbed(range?.index ?? 0, "image", url, "user");
          },
        },
      },
    }),
    [imagePrompt],
  );
  const t = useTranslations("admin.editorToolbar");
  const wrapper = useRef<HTMLDivElement>(null);
  // Quill's toolbar buttons and pickers have no names (or English class names): name them in the page's language
  // once the editor has loaded.
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const nameControls = () => {
      const toolbar = root.querySelector(".ql-toolbar");
      if (!toolbar) return false;
      toolbar.querySelectorAll<HTMLElement>("button, .ql-picker").forEach((control) => {
        const format = control.classList[0]?.replace(/^ql-/, "") ?? "";
        const value = control.getAttribute("value");
        const key = toolbarKeys[(value ? `${format}:${value}` : format) as keyof typeof toolbarKeys];
        if (!key) return;
        const target = control.classList.contains("ql-picker") ? control.querySelector<HTMLElement>(".ql-picker-label") : control;
        target?.setAttribute("aria-label", t(key));
        target?.setAttribute("title", t(key));
      });
      return true;
    };
    if (nameControls()) return;
    const observer = new MutationObserver(() => {
      if (nameControls()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t]);
  return (
    <div ref={wrapper} className="rich-text-editor bg-background" aria-label={label} role="group" data-testid="rich-text-editor">
      <ReactQuill
        theme="snow"
        value={value}
        // Only the admin's own edits change the form: Quill rewriting the loaded HTML in its own words ("api") is not
        // a change to save, nor one to ask about before leaving.
        onChange={(html, _delta, source) => {
          if (source === "user") onChange(html);
        }}
        modules={modules}
      />
    </div>
  );
}
