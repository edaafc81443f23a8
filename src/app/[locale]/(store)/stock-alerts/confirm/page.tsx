import { TokenPage, tokenPageMetadata, type TokenPageArgs } from "@/features/stock-alerts/components/token-page";

export const generateMetadata = (args: TokenPageArgs) => tokenPageMetadata("confirm", args);

export default function StockAlertConfirmPage(args: TokenPageArgs) {
  return <TokenPage kind="confirm" args={args} />;
}
