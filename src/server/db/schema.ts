export * from "./schema/auth";
export * from "./schema/catalog";
export * from "./schema/content";
export * from "./schema/orders";
export * from "./schema/operations";
export * from "./schema/fulfilment";
