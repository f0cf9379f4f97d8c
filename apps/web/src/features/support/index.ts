// What the support area offers other areas (see eslint.config.js, web boundaries): the new-ticket dialog, which
// the enterprise page opens for Contact Sales with its subject written.
export { CreateTicketDialog } from './components/CreateTicketDialog';
