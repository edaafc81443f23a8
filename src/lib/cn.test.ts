import { readFileSync } from "node:fs";
import path from "node:path";
import { cva } from "class-variance-authority";
import { clsx } from "clsx";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { findSourceFiles, projectRoot } from "../../tests/helpers/source-files";
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS, buttonVariants } from "@/components/ui/button-base";
import { mergeClasses } from "./cn";

/**
 * cn() lost tailwind-merge (JavaScript): its small merge must still give tailwind-merge's answer wherever
 * the app merges classes. The class lists are taken from the source: each component built on cn() (its base
 * classes, every variant and size) with the className each caller passes, and the literal arguments of every cn() call.
 */
const files = findSourceFiles(path.join(projectRoot, "src"), (file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx")).map((file) => ({
  file: path.relative(projectRoot, file),
  text: readFileSync(file, "utf8"),
}));
const literals = (code: string) => [...code.matchAll(/"([^"]*)"/g)].map((m) => m[1]);

/** Component name → [base classes, variant class lists] for components whose className goes through cn(). */
function componentBases() {
  const bases = new Map<string, { base: string; variants: string[][] }>();
  for (const { text } of files.filter(({ file }) => file.startsWith("src/components/ui/"))) {
    for (const m of text.matchAll(/export const (\w+)Variants = cva\(\s*"([^"]+)",\s*\{\s*variants:\s*\{([\s\S]*?)\n\s{4}\},\n/g)) {
      const groups = [...m[3].matchAll(/\w+:\s*\{([\s\S]*?)\}/g)].map((g) => [...g[1].matchAll(/:\s*"([^"]*)"/g)].map((v) => v[1]));
      bases.set(m[1][0].toUpperCase() + m[1].slice(1), { base: m[2], variants: groups });
    }
    // A component without cn() of its own (TableHeader) must not take the next one's base classes.
    for (const m of text.matchAll(/export function (\w+)\([^)]*\)[^{]*\{(?:(?!export function)[\s\S])*?cn\(\s*"([^"]+)"/g)) {
      if (!bases.has(m[1])) bases.set(m[1], { base: m[2], variants: [] });
    }
  }
  bases.set("Button", { base: BUTTON_BASE, variants: [Object.values(BUTTON_VARIANTS), Object.values(BUTTON_SIZES)] });
  return bases;
}

function combinations(variants: string[][]): string[] {
  return variants.reduce<string[]>((all, group) => all.flatMap((prefix) => group.map((v) => `${prefix} ${v}`)), [""]);
}

function classLists(): { where: string; classes: string }[] {
  const bases = componentBases();
  const lists: { where: string; classes: string }[] = [];
  for (const { file, text } of files) {
    for (const m of text.matchAll(/<(\w+)\b(?:[^<>]|=>|\{[^{}]*\})*?className=(?:"([^"]+)"|\{cn\(([\s\S]*?)\)\})/g)) {
      const own = [m[2] ?? "", ...(m[3] ? literals(m[3]) : [])];
      const component = bases.get(m[1]);
      if (component) for (const variant of combinations(component.variants)) lists.push({ where: `${file} <${m[1]}>`, classes: clsx(component.base, variant, own) });
    }
    for (const m of text.matchAll(/\bcn\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
      const args = literals(m[1]);
      // Conditional arguments: each on its own after the fixed ones, and all together.
      if (args.length > 0) for (const extra of ["", ...args.slice(1)]) lists.push({ where: `${file} cn()`, classes: clsx(args[0], extra) });
      lists.push({ where: `${file} cn()`, classes: clsx(args) });
    }
  }
  return lists;
}

describe("cn()", () => {
  it("merges every class list the app builds exactly as tailwind-merge does", () => {
    const lists = classLists();
    expect(lists.length).toBeGreaterThan(100);
    // The lists hold real overrides (Spinner sizes, card titles, link-style buttons…), not only harmless joins.
    expect(lists.filter(({ classes }) => twMerge(classes) !== classes).length).toBeGreaterThan(20);
    const differ = lists.filter(({ classes }) => mergeClasses(classes) !== twMerge(classes)).map(({ where, classes }) => `${where}: ${classes} → ${mergeClasses(classes)} ≠ ${twMerge(classes)}`);
    expect(differ).toEqual([]);
  });

  it("joinClasses() and PlainButton are used only where cn() would give the same string (no class overrides another)", () => {
    // The storefront's client components join their classes to keep cn() out of the pages' JavaScript
    // (decision 0240): each joinClasses() call, with each conditional argument alone and, without a ternary, all
    // together, and each PlainButton's className over every variant and size, must have nothing for cn() to drop.
    const { base, variants } = componentBases().get("Button")!;
    const lists: { where: string; classes: string }[] = [];
    for (const { file, text } of files) {
      for (const m of text.matchAll(/\bjoinClasses\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
        const args = literals(m[1]);
        for (const extra of ["", ...args.slice(1)]) lists.push({ where: `${file} joinClasses()`, classes: clsx(args[0], extra) });
        if (!m[1].includes("?")) lists.push({ where: `${file} joinClasses()`, classes: clsx(args) });
      }
      for (const m of text.matchAll(/<PlainButton\b(?:[^<>]|=>|\{[^{}]*\})*?(?:className="([^"]+)"|>)/g)) {
        for (const variant of combinations(variants)) lists.push({ where: `${file} <PlainButton>`, classes: clsx(base, variant, m[1]) });
      }
    }
    expect(lists.filter(({ where }) => where.endsWith("<PlainButton>")).length).toBeGreaterThan(20);
    expect(lists.filter(({ where }) => where.endsWith("joinClasses()")).length).toBeGreaterThan(10);
    const joined = (classes: string) => classes.split(/\s+/).filter(Boolean).join(" ");
    expect(lists.filter(({ classes }) => twMerge(classes) !== joined(classes)).map(({ where, classes }) => `${where}: ${classes}`)).toEqual([]);
  });

  it("buttonVariants() gives class-variance-authority's classes", () => {
    const viaCva = cva(BUTTON_BASE, { variants: { variant: BUTTON_VARIANTS, size: BUTTON_SIZES }, defaultVariants: { variant: "default", size: "default" } });
    const variants = [undefined, null, ...(Object.keys(BUTTON_VARIANTS) as (keyof typeof BUTTON_VARIANTS)[])];
    const sizes = [undefined, null, ...(Object.keys(BUTTON_SIZES) as (keyof typeof BUTTON_SIZES)[])];
    for (const variant of variants) for (const size of sizes) expect(buttonVariants({ variant, size })).toBe(viaCva({ variant, size }));
    expect(buttonVariants()).toBe(viaCva());
  });

  it("lets a later class override an earlier one of the same kind, per variant, and keeps unrelated ones", () => {
    for (const classes of [
      "size-5 animate-spin size-4",
      "h-10 px-4 py-2 h-auto p-0",
      "text-xl font-semibold leading-none tracking-tight text-lg",
      "hover:bg-muted bg-primary hover:bg-primary text-primary-foreground",
      "border-2 border-transparent border-primary",
      "flex flex-col gap-1.5 flex-row items-center justify-between",
      "w-full w-72 md:w-40",
      "rounded-md rounded-t-none p-6 pt-0",
    ]) {
      expect(mergeClasses(classes), classes).toBe(twMerge(classes));
    }
  });
});
