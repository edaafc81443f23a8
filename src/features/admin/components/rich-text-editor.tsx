"use client";

import dynamic from "next/dynamic";
import { useMemo } from "react";
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

type QuillLike = { getSelection: (focus?: boolean) => { index: number } | null; insertEmbed: (index: number, type: string, value: string, source?: string) => void };

/**
 * Quill 2 with SPEC's toolbar: headers 1 and 2, font, size, bold, italic, underline, strike, blockquote, ordered and
 * bullet lists, indent and outdent, link, image, video, clear formatting. Images are inserted by address (Quill's
 * default would embed a data: URI, which the server's sanitizer refuses).
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
  return (
    <div className="rich-text-editor bg-background" aria-label={label} role="group" data-testid="rich-text-editor">
      <ReactQuill theme="snow" value={value} onChange={(html) => onChange(html)} modules={modules} />
    </div>
  );
}
