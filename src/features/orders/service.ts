/**
 * The orders service, split by concern (docs/architecture.md): order rows and their mapping (order-rows.ts), the
 * legal status changes and shipping (order-transitions.ts), cancelling and restocking (order-cancellation.ts), and
 * payment confirmation and provider events (payment-confirmation.ts). Callers keep importing from here.
 */
export { linesByOrder, toPaymentOrder, type OrderActor, type OrderRow } from "./order-rows";
export { canTransition, markShipped, shipsUnpaid, orderEventInsert, recordOrderEvent, type OrderEventInput } from "./order-transitions";
export { cancelOrder, cancelPendingOrderInTx, releaseReservedStock } from "./order-cancellation";
export {
  confirmCashCollected,
  confirmPayment,
  handlePaymentEvent,
  type ConfirmPaymentDeps,
  type ConfirmPaymentInput,
  type ConfirmPaymentOutcome,
  type ConfirmPaymentResult,
} from "./payment-confirmation";
