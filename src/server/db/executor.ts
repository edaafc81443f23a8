import type { Db } from "./client";

/** A transaction or the database itself: services take one so that they work inside a caller's transaction. */
export type Executor = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
