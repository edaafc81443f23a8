import type { Locale } from "./routing";
import enCommon from "@/messages/en/common.json";
import esCommon from "@/messages/es/common.json";
import enAuth from "@/messages/en/auth.json";
import esAuth from "@/messages/es/auth.json";
import enProfile from "@/messages/en/profile.json";
import esProfile from "@/messages/es/profile.json";
import enLayout from "@/messages/en/layout.json";
import esLayout from "@/messages/es/layout.json";
import enCart from "@/messages/en/cart.json";
import esCart from "@/messages/es/cart.json";
import enContact from "@/messages/en/contact.json";
import esContact from "@/messages/es/contact.json";
import enTestimonials from "@/messages/en/testimonials.json";
import esTestimonials from "@/messages/es/testimonials.json";
import enContent from "@/messages/en/content.json";
import esContent from "@/messages/es/content.json";
import enErrors from "@/messages/en/errors.json";
import esErrors from "@/messages/es/errors.json";
import enCheckout from "@/messages/en/checkout.json";
import esCheckout from "@/messages/es/checkout.json";
import enPayment from "@/messages/en/payment.json";
import esPayment from "@/messages/es/payment.json";
import enShipping from "@/messages/en/shipping.json";
import esShipping from "@/messages/es/shipping.json";
import enSuccess from "@/messages/en/success.json";
import esSuccess from "@/messages/es/success.json";
import enAdmin from "@/messages/en/admin.json";
import esAdmin from "@/messages/es/admin.json";
import enStore from "@/messages/en/store.json";
import esStore from "@/messages/es/store.json";
import enAddresses from "@/messages/en/addresses.json";
import esAddresses from "@/messages/es/addresses.json";
import enOrders from "@/messages/en/orders.json";
import esOrders from "@/messages/es/orders.json";
import enNewsletter from "@/messages/en/newsletter.json";
import esNewsletter from "@/messages/es/newsletter.json";
import enReminders from "@/messages/en/reminders.json";
import esReminders from "@/messages/es/reminders.json";
import enPrivacy from "@/messages/en/privacy.json";
import esPrivacy from "@/messages/es/privacy.json";
import enSecurity from "@/messages/en/security.json";
import esSecurity from "@/messages/es/security.json";
import enPromotions from "@/messages/en/promotions.json";
import enSettings from "@/messages/en/settings.json";
import enShippingZones from "@/messages/en/shippingZones.json";
import esShippingZones from "@/messages/es/shippingZones.json";
import enOptionTypes from "@/messages/en/optionTypes.json";
import esOptionTypes from "@/messages/es/optionTypes.json";
import esPromotions from "@/messages/es/promotions.json";
import esSettings from "@/messages/es/settings.json";
import enTaxes from "@/messages/en/taxes.json";
import esTaxes from "@/messages/es/taxes.json";
import enInvoices from "@/messages/en/invoices.json";
import esInvoices from "@/messages/es/invoices.json";
import enFulfilment from "@/messages/en/fulfilment.json";
import esFulfilment from "@/messages/es/fulfilment.json";
import enFilters from "@/messages/en/filters.json";
import esFilters from "@/messages/es/filters.json";
import enCatalogCsv from "@/messages/en/catalogCsv.json";
import esCatalogCsv from "@/messages/es/catalogCsv.json";
import enWebhooks from "@/messages/en/webhooks.json";
import enPaymentMethods from "@/messages/en/paymentMethods.json";
import esPaymentMethods from "@/messages/es/paymentMethods.json";
import esWebhooks from "@/messages/es/webhooks.json";
import enInventory from "@/messages/en/inventory.json";
import esInventory from "@/messages/es/inventory.json";
import enDemoData from "@/messages/en/demoData.json";
import esDemoData from "@/messages/es/demoData.json";
import enPages from "@/messages/en/pages.json";
import esPages from "@/messages/es/pages.json";
import enCustomers from "@/messages/en/customers.json";
import esCustomers from "@/messages/es/customers.json";

/**
 * Messages are split by namespace: each file src/messages/{locale}/{namespace}.json holds the keys of one namespace
 * (e.g. common.json → t("common.…")), so that areas are edited independently. Register each file here for both
 * languages; check:i18n verifies that every file is registered and that both languages have the same keys.
 */
export const messagesByLocale = {
  en: { common: enCommon, auth: enAuth, profile: enProfile, layout: enLayout, cart: enCart, content: enContent, errors: enErrors, checkout: enCheckout, payment: enPayment, shipping: enShipping, success: enSuccess, admin: enAdmin, store: enStore, addresses: enAddresses, orders: enOrders, newsletter: enNewsletter, reminders: enReminders, privacy: enPrivacy, security: enSecurity, promotions: enPromotions, taxes: enTaxes, invoices: enInvoices, filters: enFilters, catalogCsv: enCatalogCsv, fulfilment: enFulfilment, webhooks: enWebhooks, inventory: enInventory, settings: enSettings, contact: enContact, testimonials: enTestimonials, demoData: enDemoData, paymentMethods: enPaymentMethods, shippingZones: enShippingZones, pages: enPages, optionTypes: enOptionTypes, customers: enCustomers },
  es: { common: esCommon, auth: esAuth, profile: esProfile, layout: esLayout, cart: esCart, content: esContent, errors: esErrors, checkout: esCheckout, payment: esPayment, shipping: esShipping, success: esSuccess, admin: esAdmin, store: esStore, addresses: esAddresses, orders: esOrders, newsletter: esNewsletter, reminders: esReminders, privacy: esPrivacy, security: esSecurity, promotions: esPromotions, taxes: esTaxes, invoices: esInvoices, filters: esFilters, catalogCsv: esCatalogCsv, fulfilment: esFulfilment, webhooks: esWebhooks, inventory: esInventory, settings: esSettings, contact: esContact, testimonials: esTestimonials, demoData: esDemoData, paymentMethods: esPaymentMethods, shippingZones: esShippingZones, pages: esPages, optionTypes: esOptionTypes, customers: esCustomers },
} satisfies Record<Locale, Record<string, unknown>>;

export type Messages = (typeof messagesByLocale)["en"];
