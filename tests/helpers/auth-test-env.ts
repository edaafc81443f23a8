// A fixed secret and base URL for the account tests, set as this module loads: before the settings are first read.
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.BASE_URL = "http://localhost:3000";
process.env.LOG_LEVEL = "silent";
export {};
