import { isIPv4, isIPv6 } from "node:net";

/*
 * What kind of address an IP literal is, for outgoing requests whose target an admin chose (webhooks): only "public"
 * is the open internet. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the
 * IPv4 address inside, so ::ffff:127.0.0.1 is loopback like 127.0.0.1.
 */

export type IpKind = "public" | "loopback" | "private" | "linkLocal" | "unspecified" | "multicast" | "reserved";

/** IPv4 ranges that are not the public internet, [first address, prefix length, kind]. */
const IPV4_RANGES: Array<[string, number, IpKind]> = [
  ["0.0.0.0", 8, "unspecified"], // "this network"; Linux connects 0.0.0.0 to the machine itself
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private"], // carrier-grade NAT
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "linkLocal"], // cloud metadata services live at 169.254.169.254
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"], // IETF protocol assignments
  ["192.0.2.0", 24, "reserved"], // documentation
  ["192.88.99.0", 24, "reserved"], // former 6to4 relays
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"], // benchmarking, often used inside networks
  ["198.51.100.0", 24, "reserved"], // documentation
  ["203.0.113.0", 24, "reserved"], // documentation
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"], // future use, and 255.255.255.255 broadcast
];

function ipv4Number(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

const ipv4Ranges = IPV4_RANGES.map(([first, bits, kind]) => ({ first: ipv4Number(first), size: 2 ** (32 - bits), kind }));

function ipv4Kind(n: number): IpKind {
  return ipv4Ranges.find((range) => n >= range.first && n < range.first + range.size)?.kind ?? "public";
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part is two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = ipv4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  const last = parse(tail);
  return tail === undefined ? first : [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

function ipv6Kind(address: string): IpKind {
  const g = ipv6Groups(address);
  const zerosUpTo = (end: number) => g.slice(0, end).every((group) => group === 0);
  const embedded = (high: number, low: number) => ipv4Kind(high * 65536 + low);
  if (zerosUpTo(8)) return "unspecified";
  if (zerosUpTo(7) && g[7] === 1) return "loopback";
  if (zerosUpTo(5) && g[5] === 0xffff) return embedded(g[6], g[7]); // IPv4-mapped ::ffff:a.b.c.d
  if (zerosUpTo(6)) return embedded(g[6], g[7]); // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return embedded(g[6], g[7]); // NAT64
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "private"; // local-use NAT64 (64:ff9b:1::/48)
  if (g[0] === 0x2002) return embedded(g[1], g[2]); // 6to4
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return "reserved"; // Teredo tunnels, documentation
  if ((g[0] & 0xfe00) === 0xfc00) return "private"; // unique local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return "linkLocal";
  if ((g[0] & 0xffc0) === 0xfec0) return "private"; // site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  // Global unicast is 2000::/3; everything else is unassigned or special.
  return (g[0] & 0xe000) === 0x2000 ? "public" : "reserved";
}

/** The kind of an IPv4 or IPv6 literal (an IPv6 zone such as %eth0 is ignored); null for anything that is not one. */
export function ipKind(address: string): IpKind | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (isIPv4(bare)) return ipv4Kind(ipv4Number(bare));
  if (isIPv6(bare)) return ipv6Kind(bare);
  return null;
}
