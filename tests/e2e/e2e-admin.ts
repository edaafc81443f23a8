/** The administrator that the e2e servers create at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const e2eAdmin = { email: "admin@vitrina-e2e.test", password: "e2e-admin-password-1", name: "E2E Admin" };
