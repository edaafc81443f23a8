"use client";

import { SearchIcon } from "@/components/ui/icons";
import { useTranslations } from "@/i18n/client";
import { useState, type FormEvent } from "react";
import { useRouter } from "@/i18n/navigation";
import { joinClasses } from "@/lib/join-classes";

/** Header search: blank text does nothing; otherwise it opens /search?q=… in the current language. */
export function SearchBox({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const t = useTranslations("layout.search");
  const router = useRouter();
  const [text, setText] = useState("");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    router.push({ pathname: "/search", query: { q } });
    onSearch?.();
  }
  return (
    <form role="search" onSubmit={submit} className={joinClasses("relative", className)}>
      <input
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("placeholder")}
        aria-label={t("label")}
        maxLength={200}
        className="h-10 w-full rounded-full border bg-background pl-4 pr-10 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <button type="submit" aria-label={t("submit")} className="absolute right-1 top-1 rounded-full p-2 text-muted-foreground hover:text-foreground">
        <SearchIcon className="size-4" aria-hidden />
      </button>
    </form>
  );
}
