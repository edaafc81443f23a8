"use client";

import { Upload } from "lucide-react";
import { useLocale, useTranslations } from "@/i18n/client";
import { useRef, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { failureFromAnswer, failureFromThrown, failureText } from "@/lib/request-failure";
import { ListItemButtons } from "./editor-parts";

/** The product's images: upload (one request per file), order and remove. */
export function ProductImagesCard({
  images,
  uploading,
  setUploading,
  onAdd,
  onMove,
  onRemove,
}: {
  images: string[];
  uploading: boolean;
  setUploading: (uploading: boolean) => void;
  onAdd: (url: string) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onRemove: (index: number) => void;
}) {
  const t = useTranslations("admin.products");
  const tc = useTranslations("admin.common");
  const tRequest = useTranslations("errors.request");
  const locale = useLocale();
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length === 0) return;
    setUploading(true);
    try {
      for (const file of files) {
        const body = new FormData();
        body.append("file", file);
        let response: Response;
        try {
          response = await fetch(`/api/admin/product-images?locale=${locale}`, { method: "POST", body });
        } catch (thrown) {
          toast({ title: t("uploadError"), description: failureText(failureFromThrown(thrown), tRequest), variant: "destructive" });
          return;
        }
        const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
        if (!response.ok || !answer.url) {
          // The route's own message when it gave one; otherwise what the status says (docs/product.md#error-messages).
          const description = typeof answer.error === "string" ? answer.error : failureText(failureFromAnswer(response.status, answer, response.headers.get("Retry-After")), tRequest);
          toast({ title: t("uploadError"), description, variant: "destructive" });
          continue;
        }
        onAdd(answer.url);
        toast({ title: tc("success"), description: t("uploaded") });
      }
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("images")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {images.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noImages")}</p>
        ) : (
          // minmax(0, 1fr) columns: an image's long address is cut short instead of widening the page on a phone.
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-images">
            {images.map((url, index) => (
              <li key={url} className="flex min-w-0 items-center gap-3 rounded-[var(--radius)] border p-2" data-testid="product-image">
                {/* eslint-disable-next-line @next/next/no-img-element -- admin preview of an arbitrary stored address */}
                <img src={url} alt={t("imageAlt", { n: index + 1 })} className="size-16 rounded object-cover" />
                <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{url}</span>
                <ListItemButtons
                  index={index}
                  count={images.length}
                  name={t("imageAlt", { n: index + 1 })}
                  onMove={(delta) => onMove(index, delta)}
                  onRemove={() => onRemove(index)}
                  removeLabel={t("removeImage", { n: index + 1 })}
                />
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            id="product-image-upload"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            multiple
            className="sr-only"
            onChange={upload}
            aria-label={t("uploadImage")}
          />
          <Button type="button" variant="outline" disabled={uploading} onClick={() => fileInput.current?.click()}>
            {uploading ? <Spinner className="size-4" /> : <Upload aria-hidden />}
            {uploading ? t("uploading") : t("uploadImage")}
          </Button>
          <p className="text-xs text-muted-foreground">{t("imagesHint")}</p>
        </div>
      </CardContent>
    </Card>
  );
}
