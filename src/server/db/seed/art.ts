/**
 * Demo product "photography" drawn as SVG: a soft studio background, a floor shadow and a stylised product
 * silhouette in the variant's colours. Pure string building (no I/O) so the same drawings serve the seed, the
 * committed fallback images and tests. Nothing here is downloaded: every picture is made by the project.
 */

export type Metal = "gold" | "silver" | "rose" | "black";

/** Colours of one variant. `main` is the leather/fabric colour; the rest refine the drawing when it matters. */
export type Paint = {
  main: string;
  /** Hardware: buckles, rivets, watch cases. */
  metal?: Metal;
  /** Second colour: sneaker stripes, canvas trims, scarf motifs, a card peeking out of a card holder. */
  accent?: string;
  /** Shoe soles. */
  sole?: string;
  /** Watch dials. */
  dial?: string;
  /** Sunglass lenses. */
  lens?: string;
  /** Frames with a tortoiseshell pattern instead of a flat colour. */
  tortoise?: boolean;
  /** Watch straps of metal mesh instead of leather. */
  mesh?: boolean;
};

export type ShapeKind =
  | "tote"
  | "saddle"
  | "clutch"
  | "bucket"
  | "backpack"
  | "top-handle"
  | "duffle"
  | "sneaker"
  | "chelsea-boot"
  | "pump"
  | "loafer"
  | "espadrille"
  | "sandal"
  | "watch-classic"
  | "watch-chrono"
  | "watch-field"
  | "watch-minimal"
  | "watch-dive"
  | "belt"
  | "wallet"
  | "card-holder"
  | "sunglasses"
  | "scarf";

/** front: the product centred; detail: a close-up; studio: the product on a plinth. */
export type View = "front" | "detail" | "studio";

// ---------------------------------------------------------------------------------------------- colour helpers

function toRgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? h.split("").map((c) => c + c).join("") : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0")).join("")}`;
}

/** Linear blend of two colours: t = 0 → a, t = 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Positive amounts lighten towards white, negative ones darken towards black. */
export function shade(hex: string, amount: number): string {
  return amount >= 0 ? mix(hex, "#ffffff", amount) : mix(hex, "#000000", -amount);
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const metals: Record<Metal, [string, string, string]> = {
  gold: ["#f6e3a1", "#cfa84a", "#8c6a22"],
  silver: ["#f4f6f8", "#b9c0c8", "#6f7780"],
  rose: ["#f6d5c8", "#d39a86", "#8f5a4a"],
  black: ["#6a6a6e", "#2f2f33", "#121214"],
};

// ---------------------------------------------------------------------------------------------- shapes

type Colours = {
  main: string;
  light: string;
  dark: string;
  deep: string;
  stitch: string;
  accent: string;
  sole: string;
  p: Paint;
};

type Shape = {
  /** SVG markup in an 800×800 box, product roughly centred on (400, 420). */
  draw: (c: Colours) => string;
  /** Extra <defs> (patterns) the drawing needs. */
  defs?: (c: Colours) => string;
  /** y where the product touches the floor: the shadow sits there and the plinth view aligns on it. */
  floor: number;
  /** Centre of the close-up. */
  focus: [number, number];
  /** Width of the floor shadow. */
  shadow: number;
};

const dashed = (c: Colours) => `fill="none" stroke="${c.stitch}" stroke-width="3" stroke-dasharray="9 7" stroke-linecap="round" opacity=".8"`;
const gloss = `stroke="#ffffff" stroke-opacity=".16" stroke-linecap="round" fill="none"`;

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

const bags: Record<string, Shape> = {
  tote: {
    floor: 604,
    focus: [400, 330],
    shadow: 250,
    draw: (c) => `
      <path d="M322 338 C326 205 474 205 478 338" fill="none" stroke="${c.deep}" stroke-width="14" stroke-linecap="round"/>
      <path d="M212 330 Q400 318 588 330 L626 596 Q400 614 174 596 Z" fill="url(#gMain)"/>
      <path d="M212 330 Q400 318 588 330 L592 360 Q400 348 208 360 Z" fill="${c.dark}" opacity=".45"/>
      <path d="M218 374 Q400 362 582 374" ${dashed(c)}/>
      <path d="M190 578 Q400 596 610 578" ${dashed(c)}/>
      <path d="M292 348 C292 178 508 178 508 348" fill="none" stroke="${c.dark}" stroke-width="20" stroke-linecap="round"/>
      <rect x="280" y="338" width="24" height="34" rx="6" fill="${c.dark}"/>
      <rect x="496" y="338" width="24" height="34" rx="6" fill="${c.dark}"/>
      <circle cx="292" cy="362" r="7" fill="url(#gMetal)"/><circle cx="508" cy="362" r="7" fill="url(#gMetal)"/>
      <path d="M246 398 L224 566" ${gloss} stroke-width="22"/>`,
  },
  saddle: {
    floor: 612,
    focus: [400, 470],
    shadow: 220,
    draw: (c) => `
      <path d="M262 392 C246 130 554 130 538 392" fill="none" stroke="${c.deep}" stroke-width="12"/>
      <path d="M232 372 L568 372 Q592 372 592 396 L592 470 Q592 612 400 612 Q208 612 208 470 L208 396 Q208 372 232 372 Z" fill="url(#gMain)"/>
      <path d="M214 376 L586 376 Q586 530 400 552 Q214 530 214 376 Z" fill="${shade(c.main, -0.1)}"/>
      <path d="M234 394 L566 394 Q564 514 400 534 Q236 514 234 394 Z" ${dashed(c)}/>
      <rect x="386" y="470" width="28" height="112" rx="6" fill="${c.dark}"/>
      <rect x="374" y="500" width="52" height="38" rx="7" fill="none" stroke="url(#gMetal)" stroke-width="7"/>
      <rect x="246" y="360" width="18" height="30" rx="5" fill="url(#gMetal)"/>
      <rect x="536" y="360" width="18" height="30" rx="5" fill="url(#gMetal)"/>
      <path d="M244 420 Q250 500 300 540" ${gloss} stroke-width="16"/>`,
  },
  clutch: {
    floor: 586,
    focus: [400, 470],
    shadow: 260,
    draw: (c) => `
      <path d="M206 352 C150 150 650 150 594 352" fill="none" stroke="url(#gMetal)" stroke-width="6" stroke-dasharray="14 6"/>
      <rect x="170" y="340" width="460" height="246" rx="24" fill="url(#gMain)"/>
      <path d="M170 366 Q170 340 196 340 L604 340 Q630 340 630 366 L630 382 L400 508 L170 382 Z" fill="${shade(c.main, -0.12)}"/>
      <path d="M192 376 L400 490 L608 376" ${dashed(c)}/>
      <circle cx="400" cy="502" r="21" fill="url(#gMetal)"/><circle cx="400" cy="502" r="9" fill="${c.deep}" opacity=".35"/>
      <path d="M200 540 L600 540" ${gloss} stroke-width="10"/>`,
  },
  bucket: {
    floor: 618,
    focus: [400, 360],
    shadow: 220,
    draw: (c) => `
      <path d="M262 318 C262 112 538 112 538 318" fill="none" stroke="${c.dark}" stroke-width="14"/>
      <path d="M250 300 L550 300 L592 574 Q592 614 400 620 Q208 614 208 574 Z" fill="url(#gMain)"/>
      <ellipse cx="400" cy="300" rx="150" ry="26" fill="${c.dark}"/>
      <ellipse cx="400" cy="304" rx="134" ry="17" fill="${shade(c.main, -0.5)}"/>
      <path d="M252 346 Q400 378 548 346" fill="none" stroke="${c.dark}" stroke-width="10"/>
      ${[288, 344, 456, 512].map((x) => `<circle cx="${x}" cy="${352 + (x < 400 ? (x - 252) / 8 : (548 - x) / 8)}" r="7" fill="url(#gMetal)"/>`).join("")}
      <path d="M400 366 L386 446 M400 366 L414 446" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>
      <circle cx="400" cy="366" r="11" fill="${c.dark}"/>
      <path d="M214 566 Q400 604 586 566 L592 576 Q592 614 400 620 Q208 614 208 576 Z" fill="${c.deep}" opacity=".45"/>
      <path d="M270 410 L246 560" ${gloss} stroke-width="20"/>`,
  },
  backpack: {
    floor: 626,
    focus: [400, 420],
    shadow: 200,
    draw: (c) => `
      <path d="M362 258 C362 192 438 192 438 258" fill="none" stroke="${c.dark}" stroke-width="14"/>
      <rect x="238" y="240" width="324" height="386" rx="72" fill="url(#gMain)"/>
      <rect x="282" y="452" width="236" height="150" rx="32" fill="${shade(c.main, -0.12)}"/>
      <rect x="296" y="466" width="208" height="122" rx="24" ${dashed(c)}/>
      <path d="M250 302 Q400 230 550 302 L550 392 Q400 426 250 392 Z" fill="${shade(c.main, -0.08)}"/>
      <path d="M262 312 Q400 248 538 312" ${dashed(c)}/>
      <rect x="322" y="372" width="26" height="94" rx="6" fill="${c.dark}"/>
      <rect x="452" y="372" width="26" height="94" rx="6" fill="${c.dark}"/>
      <rect x="313" y="420" width="44" height="30" rx="5" fill="none" stroke="url(#gMetal)" stroke-width="6"/>
      <rect x="443" y="420" width="44" height="30" rx="5" fill="none" stroke="url(#gMetal)" stroke-width="6"/>
      <path d="M262 330 L262 580" ${gloss} stroke-width="18"/>`,
  },
  "top-handle": {
    floor: 600,
    focus: [400, 420],
    shadow: 210,
    draw: (c) => `
      <path d="M318 372 C318 216 482 216 482 372" fill="none" stroke="${c.dark}" stroke-width="22" stroke-linecap="round"/>
      <path d="M246 365 Q400 355 554 365 L578 590 Q400 606 222 590 Z" fill="url(#gMain)"/>
      <path d="M246 365 Q400 355 554 365 L558 454 Q400 476 242 454 Z" fill="${shade(c.main, -0.1)}"/>
      <path d="M250 440 Q400 462 550 440" ${dashed(c)}/>
      <rect x="380" y="438" width="40" height="32" rx="7" fill="url(#gMetal)"/>
      <rect x="392" y="448" width="16" height="12" rx="3" fill="${c.deep}" opacity=".35"/>
      <circle cx="318" cy="374" r="10" fill="url(#gMetal)"/><circle cx="482" cy="374" r="10" fill="url(#gMetal)"/>
      <path d="M262 480 L246 570" ${gloss} stroke-width="18"/>`,
  },
  duffle: {
    floor: 606,
    focus: [400, 360],
    shadow: 280,
    draw: (c) => `
      <path d="M322 330 C322 200 478 200 478 330" fill="none" stroke="${shade(c.accent, -0.25)}" stroke-width="16" stroke-linecap="round"/>
      <path d="M150 410 Q150 318 250 318 L550 318 Q650 318 650 410 L650 566 Q650 606 610 606 L190 606 Q150 606 150 566 Z" fill="url(#gMain)"/>
      <path d="M150 410 Q150 318 232 318 L232 606 L190 606 Q150 606 150 566 Z" fill="${c.accent}"/>
      <path d="M650 410 Q650 318 568 318 L568 606 L610 606 Q650 606 650 566 Z" fill="${c.accent}"/>
      <path d="M252 342 L548 342" stroke="url(#gMetal)" stroke-width="6" stroke-dasharray="4 3"/>
      <rect x="532" y="336" width="14" height="36" rx="4" fill="url(#gMetal)"/>
      <rect x="232" y="566" width="336" height="16" fill="${c.accent}" opacity=".8"/>
      <path d="M300 350 C300 196 500 196 500 350" fill="none" stroke="${c.accent}" stroke-width="20" stroke-linecap="round"/>
      <rect x="286" y="338" width="28" height="40" rx="6" fill="${c.accent}"/><rect x="486" y="338" width="28" height="40" rx="6" fill="${c.accent}"/>
      <path d="M250 400 L550 400" ${gloss} stroke-width="14"/>`,
  },
};

const shoes: Record<string, Shape> = {
  sneaker: {
    floor: 640,
    focus: [420, 470],
    shadow: 300,
    draw: (c) => `
      <path d="M140 585 L676 585 Q712 588 712 612 Q712 640 676 640 L168 640 Q136 640 136 612 Q136 588 140 585 Z" fill="${c.sole}" stroke="${shade(c.sole, -0.15)}" stroke-width="3"/>
      <path d="M146 608 L704 608" stroke="${shade(c.sole, -0.12)}" stroke-width="3"/>
      <path d="M150 588 L150 430 Q152 372 214 366 L300 356 Q334 410 398 438 L560 474 Q664 496 700 588 Z" fill="url(#gMain)"/>
      <path d="M586 480 Q672 500 700 588 L612 588 Q606 522 586 480 Z" fill="${shade(c.main, 0.12)}"/>
      <path d="M150 588 L150 440 Q204 450 236 504 Q250 560 246 588 Z" fill="${c.accent}"/>
      <path d="M290 562 Q360 474 508 472" fill="none" stroke="${c.accent}" stroke-width="18" stroke-linecap="round"/>
      <path d="M214 366 Q252 406 300 356" fill="none" stroke="${c.dark}" stroke-width="10" stroke-linecap="round"/>
      ${[
        [340, 418],
        [372, 434],
        [404, 446],
        [436, 455],
        [468, 463],
      ]
        .map(([x, y]) => `<path d="M${x - 14} ${y + 9} L${x + 14} ${y - 9}" stroke="${shade(c.main, luminance(c.main) > 0.6 ? -0.25 : 0.7)}" stroke-width="7" stroke-linecap="round"/>`)
        .join("")}
      <path d="M162 572 L690 572" ${dashed(c)}/>
      <path d="M560 500 Q630 506 668 548" ${gloss} stroke-width="12"/>`,
  },
  "chelsea-boot": {
    floor: 640,
    focus: [330, 380],
    shadow: 290,
    draw: (c) => `
      <rect x="172" y="196" width="30" height="64" rx="8" fill="${c.dark}"/>
      <path d="M168 598 L262 598 L258 640 L172 640 Z" fill="${c.sole}"/>
      <path d="M258 610 L664 610 Q704 612 704 630 L704 640 L258 640 Z" fill="${c.sole}"/>
      <path d="M186 606 L186 246 Q186 224 210 224 L352 224 Q376 224 376 248 L382 420 Q414 468 520 480 Q660 496 694 574 Q702 606 664 606 Z" fill="url(#gMain)"/>
      <path d="M290 226 L338 226 L348 410 Q318 430 286 410 Z" fill="${shade(c.main, -0.32)}"/>
      ${[300, 312, 324, 336].map((x) => `<path d="M${x} 232 L${x + 3} 408" stroke="${c.deep}" stroke-width="2" opacity=".6"/>`).join("")}
      <path d="M186 600 L690 600" stroke="${c.deep}" stroke-width="6"/>
      <path d="M196 590 L680 590" ${dashed(c)}/>
      <path d="M560 502 Q640 512 676 560" ${gloss} stroke-width="12"/>
      <path d="M206 260 L206 560" ${gloss} stroke-width="12"/>`,
  },
  pump: {
    floor: 640,
    focus: [430, 520],
    shadow: 270,
    draw: (c) => `
      <path d="M194 470 L244 478 L228 640 L214 640 Z" fill="${c.dark}"/>
      <rect x="209" y="632" width="22" height="10" rx="2" fill="#1e1e1e"/>
      <path d="M186 450 Q190 410 234 406 Q290 440 330 488 Q424 538 544 550 Q664 558 702 608 Q708 632 676 636 L440 638 Q322 622 264 542 Q236 498 186 478 Z" fill="url(#gMain)"/>
      <path d="M198 452 Q240 426 330 490 Q424 534 540 550 Q420 548 334 506 Q262 470 198 466 Z" fill="#f1dccb"/>
      <path d="M440 638 L676 636" stroke="${c.deep}" stroke-width="5"/>
      <path d="M570 568 Q646 576 684 604" ${gloss} stroke-width="9"/>`,
  },
  loafer: {
    floor: 640,
    focus: [440, 500],
    shadow: 290,
    draw: (c) => `
      <path d="M160 612 L690 612 Q712 614 712 628 L712 640 L160 640 Z" fill="${c.sole}"/>
      <rect x="160" y="602" width="92" height="38" fill="${shade(c.sole, -0.2)}"/>
      <path d="M168 612 L168 498 Q172 464 214 460 Q318 474 420 466 Q560 458 644 508 Q700 544 704 600 Q704 612 680 612 Z" fill="url(#gMain)"/>
      <path d="M206 466 Q320 504 432 470 Q320 480 206 466 Z" fill="${shade(c.main, -0.55)}"/>
      <path d="M432 472 Q560 454 640 510" ${dashed(c)}/>
      <path d="M378 474 Q470 458 562 488 L568 524 Q470 494 384 510 Z" fill="${shade(c.main, -0.16)}"/>
      <path d="M442 488 Q472 482 504 490" stroke="${shade(c.main, -0.55)}" stroke-width="7" stroke-linecap="round"/>
      <path d="M180 600 L690 600" ${dashed(c)}/>
      <path d="M580 520 Q650 536 684 580" ${gloss} stroke-width="11"/>`,
  },
  espadrille: {
    floor: 640,
    focus: [440, 560],
    shadow: 290,
    draw: (c) => `
      <path d="M156 592 L684 592 Q714 596 714 616 Q714 640 684 640 L176 640 Q150 640 150 616 Q150 594 156 592 Z" fill="#d8bd8a"/>
      ${range(5)
        .map((i) => `<path d="M160 ${600 + i * 8} L706 ${600 + i * 8}" stroke="#b89a63" stroke-width="3" stroke-dasharray="10 5" stroke-dashoffset="${i * 6}"/>`)
        .join("")}
      <path d="M166 594 L166 506 Q170 476 210 472 Q318 484 420 478 Q562 470 646 520 Q700 552 704 594 Z" fill="url(#gMain)"/>
      <path d="M204 478 Q320 512 430 482 Q320 490 204 478 Z" fill="${shade(c.main, -0.5)}"/>
      ${range(8)
        .map((i) => `<path d="M${230 + i * 56} 500 L${226 + i * 56} 588" stroke="${shade(c.main, -0.08)}" stroke-width="4" opacity=".6"/>`)
        .join("")}
      <path d="M580 530 Q650 546 684 584" ${gloss} stroke-width="11"/>`,
  },
  sandal: {
    floor: 640,
    focus: [420, 500],
    shadow: 280,
    draw: (c) => `
      <path d="M174 522 L254 528 L250 640 L182 640 Z" fill="${shade(c.sole, -0.12)}"/>
      <path d="M172 512 Q220 506 262 516 Q470 564 660 596 Q712 606 712 624 Q712 640 684 640 L504 640 Q380 604 262 548 L172 540 Z" fill="${c.sole}"/>
      <path d="M180 516 Q220 512 262 520 Q470 566 660 600" fill="none" stroke="${shade(c.sole, -0.25)}" stroke-width="4"/>
      <path d="M236 438 L232 520" stroke="${c.dark}" stroke-width="28" stroke-linecap="round"/>
      <ellipse cx="240" cy="424" rx="64" ry="22" fill="none" stroke="${c.main}" stroke-width="18"/>
      <rect x="292" y="412" width="24" height="24" rx="4" fill="none" stroke="url(#gMetal)" stroke-width="5"/>
      <path d="M430 578 Q470 522 532 548 L524 572 Q482 554 450 588 Z" fill="url(#gMain)"/>
      <path d="M520 598 Q552 526 620 532 Q680 546 692 604 L664 606 Q652 568 614 564 Q574 562 554 602 Z" fill="url(#gMain)"/>`,
  },
};

/** Watches share one drawing; the style decides bezel, markers and sub-dials. */
function watch(style: "classic" | "chrono" | "field" | "minimal" | "dive"): Shape {
  return {
    floor: 756,
    focus: [400, 400],
    shadow: 120,
    defs: (c) =>
      c.p.mesh
        ? `<pattern id="pMesh" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
             <rect width="8" height="8" fill="${metals[c.p.metal ?? "silver"][1]}"/><path d="M0 4 H8" stroke="${metals[c.p.metal ?? "silver"][2]}" stroke-width="2"/></pattern>`
        : "",
    draw: (c) => {
      const metal = metals[c.p.metal ?? "silver"];
      const dial = c.p.dial ?? "#f5f2ea";
      const ink = luminance(dial) > 0.55 ? "#26262a" : "#f2efe8";
      const strap = c.p.mesh ? "url(#pMesh)" : "url(#gMain)";
      const radius = style === "minimal" ? 146 : 158;
      const markers = range(12)
        .map((i) => {
          if (style === "minimal" && i % 3 !== 0) return "";
          if (style === "dive") {
            return i % 3 === 0
              ? `<rect x="392" y="272" width="16" height="36" rx="3" fill="#e9f2dc" stroke="${metal[2]}" stroke-width="2" transform="rotate(${i * 30} 400 400)"/>`
              : `<circle cx="400" cy="286" r="9" fill="#e9f2dc" stroke="${metal[2]}" stroke-width="2" transform="rotate(${i * 30} 400 400)"/>`;
          }
          const long = i % 3 === 0;
          const w = style === "field" ? (long ? 12 : 8) : long ? 8 : 4;
          const h = long ? 32 : 18;
          return `<rect x="${400 - w / 2}" y="${style === "minimal" ? 278 : 272}" width="${w}" height="${h}" rx="2" fill="${style === "classic" ? metal[1] : ink}" transform="rotate(${i * 30} 400 400)"/>`;
        })
        .join("");
      const minuteTrack =
        style === "field" || style === "chrono"
          ? range(60)
              .filter((i) => i % 5 !== 0)
              .map((i) => `<rect x="399" y="266" width="2" height="8" fill="${ink}" opacity=".7" transform="rotate(${i * 6} 400 400)"/>`)
              .join("")
          : "";
      const subDials =
        style === "chrono"
          ? [
              [400, 340],
              [344, 410],
              [456, 410],
            ]
              .map(
                ([x, y]) =>
                  `<circle cx="${x}" cy="${y}" r="30" fill="${shade(dial, luminance(dial) > 0.5 ? -0.08 : 0.1)}" stroke="${metal[1]}" stroke-width="3"/><path d="M${x} ${y} L${x + 12} ${y - 18}" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>`,
              )
              .join("")
          : "";
      const bezel =
        style === "dive"
          ? `<circle cx="400" cy="400" r="150" fill="none" stroke="${c.p.accent ?? "#1c2a4a"}" stroke-width="22"/>
             ${range(12)
               .map((i) => `<rect x="398" y="${i === 0 ? 244 : 246}" width="4" height="12" fill="#e8e8e8" transform="rotate(${i * 30} 400 400)"/>`)
               .join("")}
             <path d="M400 262 L390 244 L410 244 Z" fill="#e9f2dc"/>`
          : style === "chrono"
            ? `<circle cx="400" cy="400" r="150" fill="none" stroke="${shade(metal[2], -0.3)}" stroke-width="14"/>
               ${range(36)
                 .map((i) => `<rect x="399" y="244" width="2" height="8" fill="${metal[0]}" transform="rotate(${i * 10} 400 400)"/>`)
                 .join("")}`
            : "";
      const pushers =
        style === "chrono"
          ? `<rect x="536" y="300" width="22" height="30" rx="5" fill="url(#gMetal)" transform="rotate(-30 547 315)"/>
             <rect x="536" y="470" width="22" height="30" rx="5" fill="url(#gMetal)" transform="rotate(30 547 485)"/>`
          : "";
      const strapHoles = c.p.mesh
        ? ""
        : [596, 630, 664, 698].map((y) => `<circle cx="400" cy="${y}" r="6" fill="${shade(c.main, -0.55)}"/>`).join("");
      const strapStitch = c.p.mesh
        ? ""
        : `<rect x="348" y="82" width="104" height="216" rx="16" ${dashed(c)}/><rect x="348" y="502" width="104" height="236" rx="16" ${dashed(c)}/>`;
      return `
        <rect x="336" y="70" width="128" height="240" rx="22" fill="${strap}"/>
        <rect x="336" y="490" width="128" height="266" rx="22" fill="${strap}"/>
        ${strapStitch}${strapHoles}
        <rect x="322" y="236" width="156" height="64" rx="16" fill="url(#gMetal)"/>
        <rect x="322" y="500" width="156" height="64" rx="16" fill="url(#gMetal)"/>
        ${pushers}
        <rect x="548" y="382" width="28" height="36" rx="7" fill="url(#gMetal)"/>
        <circle cx="400" cy="400" r="${radius + 8}" fill="url(#gMetal)"/>
        <circle cx="400" cy="400" r="${radius - 4}" fill="${metal[2]}"/>
        <circle cx="400" cy="400" r="${radius - 12}" fill="url(#gDial)"/>
        ${bezel}${minuteTrack}${markers}${subDials}
        <rect x="393" y="${style === "dive" ? 312 : 318}" width="14" height="${style === "dive" ? 96 : 90}" rx="7" fill="${style === "classic" ? metal[2] : ink}" transform="rotate(-60 400 400)"/>
        <rect x="395" y="282" width="10" height="126" rx="5" fill="${style === "classic" ? metal[2] : ink}" transform="rotate(60 400 400)"/>
        ${style === "minimal" ? "" : `<rect x="399" y="280" width="2.5" height="150" fill="${c.p.accent ?? "#c0392b"}" transform="rotate(200 400 400)"/>`}
        <circle cx="400" cy="400" r="10" fill="url(#gMetal)"/>
        <path d="M${400 - (radius - 30)} 360 A${radius - 20} ${radius - 20} 0 0 1 ${400 + 30} ${400 - radius + 26}" fill="none" stroke="#ffffff" stroke-opacity=".22" stroke-width="16" stroke-linecap="round"/>`;
    },
  };
}

const accessories: Record<string, Shape> = {
  belt: {
    floor: 602,
    focus: [420, 540],
    shadow: 280,
    draw: (c) => `
      <ellipse cx="400" cy="420" rx="240" ry="150" fill="none" stroke="${shade(c.main, -0.3)}" stroke-width="60"/>
      <path d="M160 420 A240 150 0 0 0 640 420" fill="none" stroke="url(#gMain)" stroke-width="60"/>
      <path d="M134 420 A266 176 0 0 0 666 420" ${dashed(c)}/>
      <path d="M186 420 A214 124 0 0 0 614 420" ${dashed(c)}/>
      ${[
        [496, 562],
        [540, 554],
        [584, 540],
      ]
        .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="7" ry="9" fill="${shade(c.main, -0.6)}"/>`)
        .join("")}
      <rect x="286" y="534" width="24" height="76" rx="6" fill="${shade(c.main, -0.18)}"/>
      <rect x="338" y="526" width="124" height="92" rx="16" fill="none" stroke="url(#gMetal)" stroke-width="16"/>
      <rect x="394" y="530" width="12" height="68" rx="5" fill="url(#gMetal)"/>`,
  },
  wallet: {
    floor: 590,
    focus: [400, 450],
    shadow: 230,
    draw: (c) => `
      <rect x="200" y="310" width="400" height="280" rx="22" fill="url(#gMain)"/>
      <rect x="200" y="310" width="400" height="44" rx="22" fill="#000000" opacity=".08"/>
      <rect x="216" y="326" width="368" height="248" rx="16" ${dashed(c)}/>
      <circle cx="400" cy="460" r="28" fill="none" stroke="${shade(c.main, -0.22)}" stroke-width="5"/>
      <path d="M388 460 L412 460 M400 448 L400 472" stroke="${shade(c.main, -0.22)}" stroke-width="4"/>
      <path d="M230 360 L230 560" ${gloss} stroke-width="16"/>`,
  },
  "card-holder": {
    floor: 532,
    focus: [400, 400],
    shadow: 170,
    draw: (c) => `
      <rect x="300" y="288" width="212" height="140" rx="12" fill="${c.accent}"/>
      <rect x="300" y="316" width="212" height="18" fill="${shade(c.accent, -0.3)}"/>
      <rect x="260" y="330" width="280" height="202" rx="18" fill="url(#gMain)"/>
      <path d="M276 374 Q400 404 524 374" fill="none" stroke="${shade(c.main, -0.4)}" stroke-width="6" stroke-linecap="round"/>
      <rect x="272" y="342" width="256" height="178" rx="12" ${dashed(c)}/>
      <path d="M286 420 L286 500" ${gloss} stroke-width="12"/>`,
  },
  sunglasses: {
    floor: 540,
    focus: [300, 420],
    shadow: 250,
    defs: (c) =>
      c.p.tortoise
        ? `<pattern id="pTortoise" width="46" height="46" patternUnits="userSpaceOnUse" patternTransform="rotate(20)">
             <rect width="46" height="46" fill="#7a4a22"/><circle cx="10" cy="12" r="9" fill="#3a200e"/><circle cx="32" cy="30" r="11" fill="#2c170a"/>
             <circle cx="34" cy="8" r="5" fill="#b9803e"/><circle cx="12" cy="36" r="6" fill="#a86f33"/></pattern>`
        : "",
    draw: (c) => {
      const frame = c.p.tortoise ? "url(#pTortoise)" : c.main;
      const lens = `<path d="M186 372 Q186 344 214 342 L364 342 Q392 344 390 374 L382 442 Q372 502 300 502 Q222 502 202 450 Z" fill="url(#gLens)" stroke="${frame}" stroke-width="18" stroke-linejoin="round"/>
        <path d="M226 372 L300 368" stroke="#ffffff" stroke-opacity=".35" stroke-width="9" stroke-linecap="round"/>
        <path d="M226 396 L252 394" stroke="#ffffff" stroke-opacity=".25" stroke-width="6" stroke-linecap="round"/>`;
      return `
        <path d="M180 362 L112 330" stroke="${frame}" stroke-width="16" stroke-linecap="round"/>
        <path d="M620 362 L688 330" stroke="${frame}" stroke-width="16" stroke-linecap="round"/>
        ${lens}
        <g transform="translate(800 0) scale(-1 1)">${lens}</g>
        <path d="M386 370 Q400 346 414 370" fill="none" stroke="${frame}" stroke-width="16"/>
        <circle cx="196" cy="356" r="5" fill="url(#gMetal)"/><circle cx="604" cy="356" r="5" fill="url(#gMetal)"/>`;
    },
  },
  scarf: {
    floor: 612,
    focus: [400, 420],
    shadow: 280,
    defs: (c) => `<pattern id="pTile" width="80" height="80" patternUnits="userSpaceOnUse">
        <rect width="80" height="80" fill="${shade(c.accent, 0.86)}"/>
        <circle cx="40" cy="40" r="24" fill="none" stroke="${c.main}" stroke-width="6"/>
        <path d="M0 0 H20 A20 20 0 0 1 0 20 Z M80 0 V20 A20 20 0 0 1 60 0 Z M0 80 V60 A20 20 0 0 1 20 80 Z M80 80 H60 A20 20 0 0 1 80 60 Z" fill="${c.main}"/>
        <path d="M40 28 L52 40 L40 52 L28 40 Z" fill="${c.accent}"/></pattern>`,
    draw: (c) => `
      <path d="M186 262 L622 238 L650 592 L198 612 Z" fill="url(#pTile)"/>
      <path d="M186 262 L622 238 L650 592 L198 612 Z" fill="none" stroke="${c.main}" stroke-width="26" stroke-linejoin="round"/>
      <path d="M186 262 L622 238 L420 452 Z" fill="#000000" opacity=".07"/>
      <path d="M622 238 L420 452" stroke="#000000" stroke-opacity=".12" stroke-width="4"/>
      ${range(24)
        .map((i) => {
          const x = 204 + i * 19;
          const y = 612 - i * 0.87;
          return `<path d="M${x} ${y} L${x - 2} ${y + 20}" stroke="${c.main}" stroke-width="4" stroke-linecap="round"/>`;
        })
        .join("")}`,
  },
};

const shapes: Record<ShapeKind, Shape> = {
  tote: bags.tote,
  saddle: bags.saddle,
  clutch: bags.clutch,
  bucket: bags.bucket,
  backpack: bags.backpack,
  "top-handle": bags["top-handle"],
  duffle: bags.duffle,
  sneaker: shoes.sneaker,
  "chelsea-boot": shoes["chelsea-boot"],
  pump: shoes.pump,
  loafer: shoes.loafer,
  espadrille: shoes.espadrille,
  sandal: shoes.sandal,
  "watch-classic": watch("classic"),
  "watch-chrono": watch("chrono"),
  "watch-field": watch("field"),
  "watch-minimal": watch("minimal"),
  "watch-dive": watch("dive"),
  belt: accessories.belt,
  wallet: accessories.wallet,
  "card-holder": accessories["card-holder"],
  sunglasses: accessories.sunglasses,
  scarf: accessories.scarf,
};

// ---------------------------------------------------------------------------------------------- scenes

function colours(p: Paint): Colours {
  const dark = luminance(p.main) < 0.12;
  return {
    main: p.main,
    light: shade(p.main, 0.22),
    dark: shade(p.main, -0.3),
    deep: shade(p.main, -0.5),
    // Stitching must stay visible on black leather and on pale leather alike.
    stitch: dark ? "#8d8d92" : luminance(p.main) > 0.7 ? shade(p.main, -0.25) : shade(p.main, 0.35),
    accent: p.accent ?? shade(p.main, -0.3),
    sole: p.sole ?? "#f4f1ea",
    p,
  };
}

function commonDefs(c: Colours, background: [string, string]): string {
  const metal = metals[c.p.metal ?? "gold"];
  const dial = c.p.dial ?? "#f5f2ea";
  const lens = c.p.lens ?? "#2b2f36";
  return `
    <radialGradient id="gBg" cx="50%" cy="38%" r="80%"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></radialGradient>
    <radialGradient id="gShadow"><stop offset="0" stop-color="#000000" stop-opacity=".32"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
    <linearGradient id="gMain" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${c.light}"/><stop offset=".55" stop-color="${c.main}"/><stop offset="1" stop-color="${shade(c.main, -0.22)}"/></linearGradient>
    <linearGradient id="gMetal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${metal[0]}"/><stop offset=".5" stop-color="${metal[1]}"/><stop offset="1" stop-color="${metal[2]}"/></linearGradient>
    <radialGradient id="gDial" cx="45%" cy="40%" r="70%"><stop offset="0" stop-color="${shade(dial, 0.12)}"/><stop offset="1" stop-color="${shade(dial, -0.12)}"/></radialGradient>
    <linearGradient id="gLens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(lens, -0.2)}"/><stop offset="1" stop-color="${shade(lens, 0.25)}"/></linearGradient>`;
}

/** A pale, warm backdrop tinted by the product colour so each variant's photo reads as its own. */
function backdrop(main: string, view: View): [string, string] {
  const warm = "#f3ece3";
  if (view === "studio") return [mix(main, "#e9e4dc", 0.82), mix(main, "#b9b1a6", 0.75)];
  if (view === "detail") return [mix(main, "#fbf8f4", 0.9), mix(main, warm, 0.72)];
  return [mix(main, "#ffffff", 0.86), mix(main, warm, 0.7)];
}

function placed(kind: ShapeKind, c: Colours, view: View): string {
  const shape = shapes[kind];
  const body = shape.draw(c);
  const shadow = (y: number, rx: number) => `<ellipse cx="400" cy="${y}" rx="${rx}" ry="${Math.max(14, rx / 9)}" fill="url(#gShadow)"/>`;
  if (view === "detail") {
    const [fx, fy] = shape.focus;
    return `<g transform="translate(400 400) scale(1.75) translate(${-fx} ${-fy})">${shadow(shape.floor + 6, shape.shadow)}${body}</g>`;
  }
  if (view === "studio") {
    // The product stands on a round plinth; its floor line is moved onto the plinth's top.
    const plinth = `<ellipse cx="400" cy="640" rx="270" ry="44" fill="#f7f4ef"/><path d="M130 640 L130 800 L670 800 L670 640 A270 44 0 0 1 130 640 Z" fill="#ddd6cc"/>
      <ellipse cx="400" cy="640" rx="270" ry="44" fill="none" stroke="#cfc7bb" stroke-width="3"/>`;
    return `${plinth}<g transform="translate(400 640) scale(0.78) translate(-400 ${-shape.floor})">${shadow(shape.floor + 4, shape.shadow * 0.9)}${body}</g>`;
  }
  return `${shadow(Math.min(shape.floor + 6, 780), shape.shadow)}${body}`;
}

/** One product photo as a standalone SVG document (800×800). */
export function productSvg(kind: ShapeKind, paint: Paint, view: View): string {
  const c = colours(paint);
  const shape = shapes[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs>${commonDefs(c, backdrop(paint.main, view))}${shape.defs?.(c) ?? ""}</defs>
  <rect width="800" height="800" fill="url(#gBg)"/>
  ${placed(kind, c, view)}
</svg>`;
}

export type SceneItem = { kind: ShapeKind; paint: Paint; x: number; y: number; scale: number };

/**
 * A wide still life of several products (category banners, the fallback "stock photo"). Items are placed by the
 * centre of their 800×800 drawing; each drawing's gradients get their own ids so colours do not leak between them.
 */
export function sceneSvg(width: number, height: number, background: [string, string], items: SceneItem[]): string {
  const parts = items.map((item, index) => {
    const c = colours(item.paint);
    const shape = shapes[item.kind];
    const suffix = `_${index}`;
    const defs = (commonDefs(c, background) + (shape.defs?.(c) ?? "")).replace(/id="(\w+)"/g, `id="$1${suffix}"`);
    const shadow = `<ellipse cx="400" cy="${Math.min(shape.floor + 6, 780)}" rx="${shape.shadow}" ry="${Math.max(14, shape.shadow / 9)}" fill="url(#gShadow)"/>`;
    const body = (shadow + shape.draw(c)).replace(/url\(#(\w+)\)/g, `url(#$1${suffix})`);
    return { defs, body: `<g transform="translate(${item.x} ${item.y}) scale(${item.scale}) translate(-400 -400)">${body}</g>` };
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="gScene" cx="50%" cy="35%" r="85%"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></radialGradient>
    ${parts.map((p) => p.defs).join("\n")}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#gScene)"/>
  <rect y="${Math.round(height * 0.72)}" width="${width}" height="${height - Math.round(height * 0.72)}" fill="#000000" opacity=".035"/>
  ${parts.map((p) => p.body).join("\n")}
</svg>`;
}
