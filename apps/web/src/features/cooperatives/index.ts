// What the cooperatives area offers other areas besides its api.ts hooks (see eslint.config.js, web
// boundaries): the frame of a co-op's own screens, which governance and warehouses share.
export { BackToCooperatives, CoopAccessPanel } from './CoopPageParts';
