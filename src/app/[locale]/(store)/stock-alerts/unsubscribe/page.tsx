import { TokenPage, tokenPageMetadata, type TokenPageArgs } from "@/features/stock-alerts/components/token-page";

export const generateMetadata = (args: TokenPageArgs) => tokenPageMetadata("unsubscribe", args);

export default function StockAlertUnsubscribePage(args: TokenPageArgs) {
  return <TokenPage kind="unsubscribe" args={args} />;
}
