import { describe, expect, it } from "vitest";
import { instantToZonedLocal, zonedDay, zonedLocalToInstant } from "./time-zone";

describe("shop time zone", () => {
  it.each([
    // [typed on the shop's clock, zone, instant]
    ["2026-12-24T18:00", "Europe/Madrid", "2026-12-24T17:00:00.000Z"],
    ["2026-07-01T00:00", "Europe/Madrid", "2026-06-30T22:00:00.000Z"],
    ["2026-12-24", "America/Mexico_City", "2026-12-24T06:00:00.000Z"],
    ["2026-12-24T18:00", "America/Santiago", "2026-12-24T21:00:00.000Z"],
    ["2026-03-29T02:30", "Europe/Madrid", "2026-03-29T01:30:00.000Z"], // skipped by the spring change: moves on an hour
    ["2026-10-25T12:00", "UTC", "2026-10-25T12:00:00.000Z"],
  ])("%s in %s is %s", (local, zone, iso) => {
    expect(zonedLocalToInstant(local, zone)?.toISOString()).toBe(iso);
  });

  it.each(["2026-02-30T10:00", "2026-13-01", "24/12/2026", "2026-12-24T25:00", ""])("refuses %j", (value) => {
    expect(zonedLocalToInstant(value, "Europe/Madrid")).toBeNull();
  });

  it("shows an instant back on the same clock, and its day", () => {
    const instant = new Date("2026-12-31T23:30:00.000Z");
    expect(instantToZonedLocal(instant, "Europe/Madrid")).toBe("2027-01-01T00:30");
    expect(zonedDay(instant, "Europe/Madrid")).toBe("2027-01-01");
    expect(zonedDay(instant, "America/Mexico_City")).toBe("2026-12-31");
    expect(zonedLocalToInstant(instantToZonedLocal(instant, "Asia/Kolkata"), "Asia/Kolkata")?.toISOString()).toBe(instant.toISOString());
  });
});
