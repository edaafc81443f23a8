import { vi } from "vitest";

// Server modules import "server-only", which throws outside a React Server Components bundle.
vi.mock("server-only", () => ({}));
