// The admin specs start their own server through the shared helper.
export { startShopServer, type ShopServer } from "./shop-server";
