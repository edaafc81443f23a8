"use client";

import { useEffect, useState } from "react";
import type { SearchSuggestions } from "./search-suggestions";

const NONE: SearchSuggestions = { products: [], categories: [] };
/** Wait this long after the last key: a person typing a word asks once, not once per letter. */
const PAUSE_MS = 150;

/** The header search's suggestions for `text` (docs/product.md#search), from GET /api/search/suggestions. */
export function useSearchSuggestions(text: string, locale: string): SearchSuggestions {
  const [answer, setAnswer] = useState<{ key: string; suggestions: SearchSuggestions }>({ key: "", suggestions: NONE });
  const query = text.trim();
  const key = `${locale}\u0000${query}`;
  useEffect(() => {
    if (query.length < 2) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?${new URLSearchParams({ q: query, locale })}`, { signal: abort.signal })
        .then((res) => (res.ok ? (res.json() as Promise<SearchSuggestions>) : NONE))
        .then((suggestions) => setAnswer({ key, suggestions }))
        // Suggestions are a help: when they cannot be read the plain search still works.
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, query, locale]);
  // The last answer stays while the next is asked (no flicker between letters); a cleared field shows none.
  return query.length >= 2 && answer.key !== "" ? answer.suggestions : NONE;
}
