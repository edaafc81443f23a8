import { describe, expect, it } from "vitest";
import en from "@/messages/en/errors.json";
import es from "@/messages/es/errors.json";
import { failureFromAnswer, failureFromThrown, failureText, retryAfterSeconds, type RequestFailure } from "./request-failure";

/** A tiny formatter for the request texts ({x} and the seconds plural), enough to read what a person sees. */
function translator(messages: Record<string, string>) {
  return (key: string, values: Record<string, string | number> = {}) =>
    messages[key]
      .replace(/\{seconds, plural, one \{# ([^}]+)\} other \{# ([^}]+)\}\}/, (_, one, other) => `${values.seconds} ${values.seconds === 1 ? one : other}`)
      .replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}
const tEn = translator(en.request);
const tEs = translator(es.request);

describe("what a failed request says (docs/product.md#error-messages)", () => {
  const cases: Array<[string, RequestFailure, string, string]> = [
    ["429 with its wait", failureFromAnswer(429, { message: "Too many requests" }, "42"), "Too many attempts. Please wait 42 seconds and try again.", "Demasiados intentos. Espera 42 segundos y vuelve a intentarlo."],
    ["429 without a wait", failureFromAnswer(429, {}), "Too many attempts. Please wait a few minutes and try again.", "Demasiados intentos. Espera unos minutos y vuelve a intentarlo."],
    [
      "403 origin, nested error answer",
      failureFromAnswer(403, { error: { code: "cross_origin", message: "…", expectedOrigin: "http://localhost:3000" } }),
      "This shop's address is http://localhost:3000. Open the shop at http://localhost:3000 and try again.",
      "La dirección de esta tienda es http://localhost:3000. Abre la tienda en http://localhost:3000 y vuelve a intentarlo.",
    ],
    ["400 with its field", failureFromAnswer(400, { error: { code: "invalid_parameter", message: "must be 1 to 99", parameter: "quantity" } }), "Please check “quantity”: must be 1 to 99", "Revisa «quantity»: must be 1 to 99"],
    ["409 stock", failureFromAnswer(409, { error: { code: "out_of_stock", message: "Only 2 left of Mug." } }), "Not enough stock: Only 2 left of Mug.", "No hay stock suficiente: Only 2 left of Mug."],
    ["503 database", failureFromAnswer(503, { error: { code: "database_unavailable", message: "x" } }), "The shop cannot reach its database right now. Please try again in a minute.", "La tienda no puede acceder a su base de datos en este momento. Vuelve a intentarlo en un minuto."],
    ["network", failureFromThrown(new TypeError("Failed to fetch")), "The shop cannot be reached. Check your connection and try again.", "No se puede conectar con la tienda. Comprueba tu conexión y vuelve a intentarlo."],
    ["another status", failureFromAnswer(502, "<html>"), "The server could not complete the request (error 502). Please try again in a moment.", "El servidor no pudo completar la solicitud (error 502). Vuelve a intentarlo en un momento."],
  ];
  it.each(cases)("%s", (_name, failure, english, spanish) => {
    expect(failureText(failure, tEn)).toBe(english);
    expect(failureText(failure, tEs)).toBe(spanish);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterSeconds("7")).toBe(7);
    expect(retryAfterSeconds(new Date(1_000_000 + 30_000).toUTCString(), 1_000_000)).toBe(30);
    expect(retryAfterSeconds("soon")).toBeNull();
  });
});
