/**
 * How a signed-in device is named on /profile (docs/product.md#two-factor-sign-in): the browser and system read from
 * the session's User-Agent, and its address as a person reads it. A short table of rules instead of a parser package:
 * the list only needs the common browsers and systems, in words, and the table is tested (device-label.test.ts).
 */

/** Browser names in the order they must be tried: Edge, Opera and Samsung Internet also say "Chrome" and "Safari". */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\b(?:iPhone|iPad).*AppleWebKit\//, "Safari"],
];

/** Systems, most specific first: an iPhone's User-Agent also says "Mac OS X", Android's says "Linux". */
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\b(?:Macintosh|Mac OS X)\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export type DeviceName = { browser: string | null; system: string | null };

/** The browser and system a User-Agent names, or null for each that no rule recognises. */
export function deviceName(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent ?? "";
  return {
    browser: BROWSERS.find(([rule]) => rule.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([rule]) => rule.test(ua))?.[1] ?? null,
  };
}

export type DeviceAddress = { kind: "unknown" } | { kind: "loopback" } | { kind: "address"; text: string };

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as two), or null when it is not one. */
function ipv6Groups(value: string): number[] | null {
  let text = value.toLowerCase();
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (!IPV4.test(dotted[1])) return null;
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, dotted.index)}:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const left = parse(halves[0]);
  const right = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/** RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups (the first) as "::". */
function compressIpv6(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(":");
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
}

/**
 * The address of a session as a person reads it. better-auth stores an IPv4-mapped address as its IPv4 and an IPv6
 * one reduced to its /64 network, written out in full ("2001:0db8:0000:…"); that network is shown compressed with
 * "/64", because the rest of the address was never kept. Loopback (this computer, also "::1" reduced to all zeros)
 * and a missing or unreadable address are said in words by the caller.
 */
export function deviceAddress(ip: string | null | undefined): DeviceAddress {
  const value = (ip ?? "").trim();
  if (!value) return { kind: "unknown" };
  if (IPV4.test(value)) return value.startsWith("127.") ? { kind: "loopback" } : { kind: "address", text: value };
  const groups = ipv6Groups(value);
  if (!groups) return { kind: "unknown" };
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped) return deviceAddress([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join("."));
  const upperZero = groups.slice(0, 4).every((g) => g === 0);
  const lower = groups.slice(4);
  if (upperZero && (lower.every((g) => g === 0) || (lower.slice(0, 3).every((g) => g === 0) && lower[3] === 1))) return { kind: "loopback" };
  const network = lower.every((g) => g === 0);
  return { kind: "address", text: network ? `${compressIpv6(groups)}/64` : compressIpv6(groups) };
}
