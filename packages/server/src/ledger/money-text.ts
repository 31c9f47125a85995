import {
  centsToNumber,
  formatExactPrice,
  formatUnits,
  formatUsd,
  priceToNumber,
  SHARE_DECIMALS,
  type Cents,
  type PriceUnits,
  type ShareUnits,
} from '@papertrade/domain';

/** Texts the person at the screen reads (error messages, notifications): exact digits, en-US. */
export const usdText = (cents: Cents): string => formatUsd(centsToNumber(cents));

/** Shares with every significant decimal ("0.01052631"), so the text matches the ledger exactly. */
export const sharesText = (units: ShareUnits): string => formatUnits(units, SHARE_DECIMALS);

/** "$95,000.00", "$0.25412". */
export const priceText = (units: PriceUnits): string =>
  `$${formatExactPrice(priceToNumber(units))}`;

export const insufficientFundsText = (cost: Cents, buyingPower: Cents): string =>
  `Insufficient funds: the order costs ${usdText(cost)} and buying power is ${usdText(buyingPower)}`;

export const insufficientSharesText = (
  symbol: string,
  held: ShareUnits,
  wanted: ShareUnits,
): string =>
  `You hold ${sharesText(held)} ${symbol}, the order sells ${sharesText(wanted)} ${symbol}`;
