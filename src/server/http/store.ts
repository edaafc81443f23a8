import { settings } from "@/server/env";
import { HttpError } from "./responses";

/** The `{store}` segment of /api/store/{store}/…: this shop answers only for its own STORE_ID. */
export function assertStore(store: string) {
  if (store !== settings().STORE_ID) throw new HttpError(404, "store_not_found", `Unknown store '${store.slice(0, 64)}'.`);
}
