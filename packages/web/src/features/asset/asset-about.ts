/**
 * A short, honest "About" per simulated asset: what the real network is for, in plain words. The
 * prices here are simulated (a seeded random walk), so nothing below describes their movements.
 */
export const ASSET_ABOUT: Readonly<Record<string, string>> = {
  BTC: 'Bitcoin is the first cryptocurrency (2009): a payment network with no central issuer and a fixed limit of 21 million coins.',
  ETH: 'Ethereum is a network for programs ("smart contracts") that many tokens and applications run on; ether pays for using it.',
  SOL: 'Solana is a network for smart contracts built for many cheap, fast transactions.',
  XRP: 'XRP is the currency of the XRP Ledger, designed for quick, low-cost transfers between currencies and institutions.',
  BNB: 'BNB is the coin of the BNB Chain, started by the Binance exchange; it pays fees on that network.',
  ADA: 'Cardano is a smart-contract network developed with a research-first approach; ADA is its currency.',
  DOGE: 'Dogecoin began in 2013 as a joke based on an internet meme and became a widely traded payment coin.',
  TRX: 'TRON is a smart-contract network used widely for moving stablecoins; TRX pays for its resources.',
  DOT: 'Polkadot connects several specialised blockchains ("parachains") that share its security; DOT is used for governance and staking.',
  LTC: 'Litecoin is one of the oldest Bitcoin offshoots (2011), with faster blocks and a larger coin supply.',
  LINK: 'Chainlink is a network of "oracles" that bring outside data, like prices, to smart contracts.',
  AVAX: 'Avalanche is a smart-contract platform that lets projects run their own connected chains.',
  XLM: 'Stellar is a payment network for sending money across borders cheaply; lumens (XLM) pay its fees.',
  BCH: 'Bitcoin Cash split from Bitcoin in 2017 to allow bigger blocks and cheaper payments.',
  ATOM: 'Cosmos is an ecosystem of independent blockchains that can talk to each other; ATOM secures its hub.',
  UNI: 'Uniswap is a decentralised exchange on Ethereum; UNI is its governance token.',
  ETC: 'Ethereum Classic continues the original Ethereum chain, which most of the community left in 2016.',
  XMR: 'Monero is a cryptocurrency built for privacy: senders, receivers and amounts are hidden by default.',
  FIL: 'Filecoin is a market for file storage, where providers earn FIL for keeping data.',
  AAVE: 'Aave is a lending protocol where people lend and borrow crypto assets; AAVE is its governance token.',
};

/** The about text of a symbol, or a plain line for an asset without one. */
export function assetAbout(symbol: string, name: string): string {
  return (
    ASSET_ABOUT[symbol] ?? `${name} is one of the crypto assets you can practise trading here.`
  );
}
