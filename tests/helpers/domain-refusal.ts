import { expect } from "vitest";
import { DomainError } from "@/lib/domain-error";

/** The DomainError a refused change throws; fails the test when the change goes through or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected the change to be refused");
}
