// What the security area offers other areas (see eslint.config.js, web boundaries): the personal-data register,
// which the public terms page shows from the domain's own list, in the same words as the compliance tab.
export { RegisterTable } from './components/RegisterTable';
