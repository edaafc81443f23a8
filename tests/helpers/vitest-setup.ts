import { vi } from "vitest";

// Server modules import "server-only", which throws outside a React Server Components bundle.
vi.mock("server-only", () => ({}));

// Vite sets BASE_URL="/" (its public base path) in process.env, which is not a valid shop address.
if (process.env.BASE_URL === "/") process.env.BASE_URL = "http://localhost:3000";
