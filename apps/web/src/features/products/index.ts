// What the products area offers other areas besides its api.ts hooks (see eslint.config.js, web boundaries).
export { ProductImage } from './ProductImage';
