import { describe, expect, it } from "vitest";
import { deviceAddress, deviceName } from "./device-label";

// Real User-Agent strings as browsers send them.
const agents: Array<[string, string | null, string | null]> = [
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome", "Windows"],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86", "Edge", "Windows"],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox", "Windows"],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15", "Safari", "macOS"],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", "Opera", "macOS"],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1", "Safari", "iPhone"],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", "Chrome", "iPhone"],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15", "Firefox", "iPhone"],
  ["Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148", "Safari", "iPad"],
  ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet", "Android"],
  ["Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome", "Android"],
  ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome", "ChromeOS"],
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36", "Chrome", "Linux"],
  ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox", "Linux"],
  ["curl/8.5.0", null, null],
  ["", null, null],
];

describe("deviceName", () => {
  it.each(agents)("%s", (ua, browser, system) => {
    expect(deviceName(ua)).toEqual({ browser, system });
  });

  it("reads nothing from a missing User-Agent", () => {
    expect(deviceName(null)).toEqual({ browser: null, system: null });
    expect(deviceName(undefined)).toEqual({ browser: null, system: null });
  });
});

describe("deviceAddress", () => {
  it.each([
    ["203.0.113.7", { kind: "address", text: "203.0.113.7" }],
    ["::ffff:1.2.3.4", { kind: "address", text: "1.2.3.4" }],
    ["::FFFF:198.51.100.20", { kind: "address", text: "198.51.100.20" }],
    ["0000:0000:0000:0000:0000:ffff:0102:0304", { kind: "address", text: "1.2.3.4" }],
    ["127.0.0.1", { kind: "loopback" }],
    ["::1", { kind: "loopback" }],
    // better-auth keeps an IPv6 address's /64 network only: "::1" becomes all zeros.
    ["0000:0000:0000:0000:0000:0000:0000:0000", { kind: "loopback" }],
    ["::ffff:127.0.0.1", { kind: "loopback" }],
    ["2001:0db8:85a3:0000:0000:0000:0000:0000", { kind: "address", text: "2001:db8:85a3::/64" }],
    ["2001:0DB8:0000:0000:0001:0000:0000:0001", { kind: "address", text: "2001:db8::1:0:0:1" }],
    ["2001:db8:0:1:1:1:1:1", { kind: "address", text: "2001:db8:0:1:1:1:1:1" }],
    ["fe80::1ff:fe23:4567:890a", { kind: "address", text: "fe80::1ff:fe23:4567:890a" }],
    ["", { kind: "unknown" }],
    [null, { kind: "unknown" }],
    ["unknown", { kind: "unknown" }],
    ["1.2.3", { kind: "unknown" }],
    ["256.1.1.1", { kind: "unknown" }],
    ["2001:db8::1::2", { kind: "unknown" }],
    ["2001:db8:1:2:3:4:5:6:7", { kind: "unknown" }],
  ])("%s", (ip, expected) => {
    expect(deviceAddress(ip)).toEqual(expected);
  });
});
