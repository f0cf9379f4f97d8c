/** What the smart-orders area offers other areas: the trade-offer tags on a product card. */
export { TradeOfferTags } from './components/TradeOfferTags';
