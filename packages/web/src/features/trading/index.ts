/**
 * What other features may use of trading besides its api/ files (eslint.config.js,
 * docs/decisions/014-web-layers.md): the trade panel for a page of its own, and the trade dialog
 * that any page opens for an asset, and the line saying which portfolio an order goes to (for the
 * order screens outside the panel). The dialog's code still loads on first use.
 */
export { TradePanel, type TradePanelProps } from './trade-panel/trade-panel.tsx';
export { useTradeDialog } from './trade-panel/use-trade-dialog.tsx';
export { useTradeLink } from './trade-panel/use-trade-link.ts';
export { TradingIn } from './trade-panel/trading-in.tsx';
