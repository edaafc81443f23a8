/**
 * A refusal a domain throws (decision 0352): a code its own errors module declares, the parameters its text needs and
 * the kind of refusal. No text here and no HTTP: the edges — server actions, route handlers, the commerce API — say
 * the code in the reader's language (src/i18n/refusal-text.ts) and pick the status from the kind
 * (src/server/http/responses.ts).
 */
export type RefusalKind =
  /** The request itself is wrong: a missing name, a bad quantity, a malformed code (400). */
  | "invalid_input"
  /** Nobody is signed in, or the account is gone (401). */
  | "unauthenticated"
  /** Signed in, but not allowed to do this (403). */
  | "forbidden"
  | "not_found"
  /** The shop's state refuses it: stock taken, a clash with another row, changed meanwhile (409). */
  | "conflict"
  | "too_large"
  /** Well formed, but it names something the shop cannot sell together or at all (422). */
  | "unprocessable"
  /** Too many attempts: `params.retryAfter` holds the seconds to wait (429). */
  | "rate_limited"
  /** A provider the shop depends on failed (502). */
  | "upstream_failure";

/** An amount of money as a parameter: the edge formats it in the reader's convention. */
export type MoneyParam = { cents: number; currency: string };

/** Words and numbers go into the text as they are; a date or an amount is formatted by the edge for the reader. */
export type ErrorParam = string | number | Date | MoneyParam;
export type ErrorParams = Readonly<Record<string, ErrorParam>>;

/** `field`: the form field the refusal is about (e.g. "url"), so a form can show it there. */
export type RefusalOptions = { cause?: unknown; field?: string };

export class DomainError<Code extends string = string> extends Error {
  readonly field?: string;
  constructor(
    readonly code: Code,
    readonly kind: RefusalKind,
    readonly params: ErrorParams = {},
    /** For logs and developers only (people read the code's text); by default the code and its parameters. */
    detail?: string,
    options?: RefusalOptions,
  ) {
    super(detail ?? `${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ""}`, options);
    this.field = options?.field;
  }
}

/** What `domainError` makes: a DomainError subclass with the domain's codes, which keeps them readable as `kinds`. */
export type DomainErrorClass<Kinds extends Record<string, RefusalKind>> = {
  new (code: keyof Kinds & string, params?: ErrorParams, detail?: string, options?: RefusalOptions): DomainError<keyof Kinds & string>;
  readonly prototype: DomainError<keyof Kinds & string>;
  readonly kinds: Kinds;
};

/**
 * A domain's error class from its codes and the kind of each: `export const TaxError = domainError("TaxError", {
 * productNotFound: "not_found" })` and `export type TaxError = InstanceType<typeof TaxError>`. The codes stay
 * readable as `TaxError.kinds`, for the test that every code has a text in both languages.
 */
export function domainError<const Kinds extends Record<string, RefusalKind>>(name: string, kinds: Kinds): DomainErrorClass<Kinds> {
  return class extends DomainError<keyof Kinds & string> {
    static readonly kinds = kinds;
    constructor(code: keyof Kinds & string, params: ErrorParams = {}, detail?: string, options?: RefusalOptions) {
      super(code, kinds[code], params, detail, options);
      this.name = name;
    }
  };
}
