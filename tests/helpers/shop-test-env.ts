// The account tests' settings with the order fixtures' shop address (tests/integration/checkout-fixtures.ts) as the
// base URL, set as this module loads: import it before anything that reads the settings.
import "./auth-test-env";

process.env.BASE_URL = "http://shop.test";
export {};
