import { clsx, type ClassValue } from "clsx";

/*
 * Joins class names and lets a later Tailwind class override an earlier one of the same kind ("size-5" then
 * "size-4": "size-4"; "h-10 px-4" then "h-auto p-0": "h-auto p-0"), as tailwind-merge did. tailwind-merge knows
 * every Tailwind utility and weighs ≈8.6 kB gzipped on every page (JavaScript); this knows the kinds of
 * utility the app's components override, and src/lib/cn.test.ts checks it gives tailwind-merge's answer for every
 * class list the source can build.
 */

/** Prefixes whose value is the whole rest of the class ("mt-4", "max-w-lg", "grid-cols-2"); longest first. */
const PREFIXED =
  /^(grid-cols|grid-rows|col-span|row-span|space-x|space-y|gap-x|gap-y|inset-x|inset-y|min-w|min-h|max-w|max-h|line-clamp|justify-items|justify-self|duration|tracking|leading|opacity|whitespace|cursor|animate|rotate|scale|order|basis|items|justify|content|self|place|gap|inset|top|right|bottom|left|size|px|py|pt|pr|pb|pl|ps|pe|mx|my|mt|mr|mb|ml|ms|me|ease|p|m|w|h|z)-/;
const DISPLAY = /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|table|flow-root|list-item)$/;
const POSITION = /^(static|fixed|absolute|relative|sticky)$/;
const TEXT_SIZE = /^text-(xs|sm|base|lg|\d*xl)$/;
const TEXT_ALIGN = /^text-(left|center|right|justify|start|end)$/;
const FONT_WEIGHT = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const BORDER_WIDTH = /^border(?:-([xytrblse]))?(?:-\d+)?$/;
const BORDER_STYLE = /^border-(solid|dashed|dotted|double|hidden|none)$/;
const ROUNDED = /^rounded(?:-(tl|tr|br|bl|ss|se|es|ee|t|r|b|l|s|e)(?=-|$))?/;
const SHADOW_SIZE = /^shadow(?:-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/;
const RING_WIDTH = /^ring(?:-\d+)?$/;
const BG_OTHER = /^bg-(fixed|local|scroll|clip-|origin-|no-repeat|repeat|cover|contain|auto|center|top|bottom|left|right|none|gradient|linear|radial|conic|blend)/;

/** Groups a class of the first group overrides as well ("p-0" drops an earlier "px-4"). */
const OVERRIDES: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: ["rounded-tl", "rounded-tr", "rounded-br", "rounded-bl", "rounded-ss", "rounded-se", "rounded-es", "rounded-ee", "rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-s", "rounded-e"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-x": ["border-w-r", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-y": ["border-w-t", "border-w-b"],
};

/** The kind of utility a class (without its variants) sets, or null for one that never overrides another. */
export function utilityGroup(utility: string): string | null {
  const base = utility.replace(/^-/, "");
  if (DISPLAY.test(base)) return "display";
  if (POSITION.test(base)) return "position";
  if (base === "truncate") return "text-overflow";
  if (base.startsWith("text-")) {
    if (TEXT_SIZE.test(base)) return "font-size";
    if (TEXT_ALIGN.test(base)) return "text-align";
    if (/^text-(ellipsis|clip)$/.test(base)) return "text-overflow";
    if (/^text-(wrap|nowrap|balance|pretty)$/.test(base)) return "text-wrap";
    return base.startsWith("text-[") ? null : "text-color";
  }
  if (base.startsWith("font-")) return FONT_WEIGHT.test(base) ? "font-weight" : "font-family";
  if (base.startsWith("bg-")) return BG_OTHER.test(base) ? null : "bg-color";
  if (BORDER_STYLE.test(base)) return "border-style";
  const border = BORDER_WIDTH.exec(base);
  if (border) return border[1] ? `border-w-${border[1]}` : "border-w";
  if (base.startsWith("border-")) return "border-color";
  const rounded = ROUNDED.exec(base);
  if (rounded) return rounded[1] ? `rounded-${rounded[1]}` : "rounded";
  if (SHADOW_SIZE.test(base)) return "shadow";
  if (base.startsWith("shadow-")) return "shadow-color";
  if (RING_WIDTH.test(base)) return "ring-w";
  if (base.startsWith("ring-offset-")) return /^ring-offset-\d+$/.test(base) ? "ring-offset-w" : "ring-offset-color";
  if (base.startsWith("ring-")) return "ring-color";
  if (/^flex-(row|col)(-reverse)?$/.test(base)) return "flex-direction";
  if (/^flex-(wrap|nowrap|wrap-reverse)$/.test(base)) return "flex-wrap";
  if (/^flex-/.test(base)) return "flex";
  if (/^overflow-[xy]-/.test(base)) return base.slice(0, 10);
  if (base.startsWith("overflow-")) return "overflow";
  if (base === "transition" || base.startsWith("transition-")) return "transition";
  if (/^outline(-none|-hidden)?$/.test(base)) return "outline-style";
  return PREFIXED.exec(base)?.[1] ?? null;
}

/** A Tailwind class split into its variants ("hover:", "sm:") and the utility after them. */
function split(className: string): { variants: string; utility: string; important: boolean } {
  let depth = 0;
  let cut = 0;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === ":" && depth === 0) cut = i + 1;
  }
  const variants = className.slice(0, cut).split(":").filter(Boolean).sort().join(":");
  let utility = className.slice(cut);
  const important = utility.startsWith("!") || utility.endsWith("!");
  utility = utility.replace(/^!|!$/g, "");
  return { variants, utility, important };
}

/** Merged lists by input: components build the same few lists again and again, on every render. */
const merged = new Map<string, string>();

/** The class list with every class a later one of the same kind (and variants) overrides left out. */
export function mergeClasses(classList: string): string {
  const known = merged.get(classList);
  if (known !== undefined) return known;
  const result = resolve(classList);
  if (merged.size >= 1000) merged.clear();
  merged.set(classList, result);
  return result;
}

function resolve(classList: string): string {
  const classes = classList.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const { variants, utility, important } = split(classes[i]);
    const group = utilityGroup(utility);
    if (group === null) {
      kept.push(classes[i]);
      continue;
    }
    const scope = `${variants}${important ? "!" : ""}|`;
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const other of OVERRIDES[group] ?? []) taken.add(scope + other);
    kept.push(classes[i]);
  }
  return kept.reverse().join(" ");
}

export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
