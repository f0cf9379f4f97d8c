import { z } from 'zod';

/**
 * The catalogue of every way the API refuses a call. A code is stable (the web translates it, tests
 * assert it); its status is the HTTP status it is always sent with; its params are the values the
 * message needs, by name and type; its message is the English text with `{{param}}` placeholders that
 * the server sends as the fallback for a client that has no translation.
 *
 * `validation.*` codes describe one field; they appear under `field_codes` of a 400 and are also the
 * keys the domain's own zod schemas use as messages, so the web's forms and the server speak the same
 * codes. Plain objects (no zod) so that a screen importing the domain does not pull this into its chunk.
 */
type ParamType = 'string' | 'number';
interface ErrorSpec {
  readonly status: number;
  readonly params: Readonly<Record<string, ParamType>>;
  readonly message: string;
}

const none = {} as const;

export const ERRORS = {
  // Generic: any area, and the platform's own answers.
  bad_request: { status: 400, params: none, message: 'Some of what was sent is not valid.' },
  unauthorized: { status: 401, params: none, message: 'Please sign in to continue.' },
  forbidden: { status: 403, params: none, message: 'You are not allowed to do this.' },
  /** A shared demo account refused a change that would break it for every visitor (its role, closing it). */
  demo_account: {
    status: 403,
    params: none,
    message: 'Demo accounts are shared by every visitor, so this cannot be changed.',
  },
  not_found: { status: 404, params: none, message: 'Not found.' },
  conflict: {
    status: 409,
    params: none,
    message: 'This has changed in the meantime. Please reload and try again.',
  },
  plan_limit: {
    status: 402,
    params: { feature: 'string', used: 'number', limit: 'number' },
    message: "You've reached your {{feature}} limit ({{used}}/{{limit}}).",
  },
  payload_too_large: { status: 413, params: none, message: 'What was sent is too large.' },
  rate_limited: {
    status: 429,
    params: none,
    message: 'Too many attempts. Please wait a minute and try again.',
  },
  service_unavailable: {
    status: 503,
    params: none,
    message: 'This is not available right now. Please try again later.',
  },
  internal: { status: 500, params: none, message: 'Something went wrong on our side. Please try again.' },
  'request.cross_site': {
    status: 403,
    params: none,
    message: 'This request came from another site and was refused.',
  },
  'request.malformed_body': { status: 400, params: none, message: 'The request body is not valid JSON.' },
  'request.unsupported_media_type': {
    status: 415,
    params: none,
    message: 'This kind of content is not accepted here.',
  },

  // Sign-in and profile
  'auth.demo_disabled': {
    status: 403,
    params: none,
    message: 'Demo sign-in is switched off on this server.',
  },
  'auth.demo_account_missing': {
    status: 404,
    params: { role: 'string' },
    message: 'There is no demo account for the role {{role}}.',
  },
  'auth.provider_not_configured': {
    status: 503,
    params: none,
    message: 'Sign-in with an external provider is not set up on this server. Use the demo sign-in.',
  },
  'auth.provider_unreachable': {
    status: 503,
    params: none,
    message: 'The sign-in provider cannot be reached right now. Please try again later.',
  },
  'auth.sign_in_expired': {
    status: 400,
    params: none,
    message:
      'Failed to exchange code for session token: API responded with HTTP status 400: the sign-in was not started here or took too long.',
  },
  'auth.sign_in_rejected': {
    status: 400,
    params: none,
    message:
      'Failed to exchange code for session token: API responded with HTTP status 400: the provider did not accept the sign-in.',
  },
  'auth.rate_limited': {
    status: 429,
    params: { seconds: 'number' },
    message: 'Too many sign-in attempts. Please wait {{seconds}} seconds and try again.',
  },
  'auth.identifier_taken': {
    status: 409,
    params: none,
    message: 'An account with this mobile number or email address already exists. Sign in instead.',
  },
  'auth.invalid_credentials': {
    status: 401,
    params: none,
    message: 'That mobile number or email address and password do not match.',
  },
  'auth.password_locked': {
    status: 429,
    params: { until: 'string' },
    message:
      'Too many wrong passwords: the password is refused until {{until}}. A passkey or a password reset link still works.',
  },
  'auth.account_suspended': {
    status: 403,
    params: none,
    message: "This account is suspended. Please contact the network's administrators.",
  },
  'auth.password_link_invalid': {
    status: 400,
    params: none,
    message: 'This link is not valid or has already been used. Ask for a new one.',
  },
  'auth.password_link_expired': {
    status: 400,
    params: none,
    message: 'This link has expired. Ask for a new one.',
  },
  'auth.invitation_invalid': {
    status: 400,
    params: none,
    message: 'This invitation can no longer be used: it was revoked, used already or has expired.',
  },
  'auth.passkey_expired': {
    status: 400,
    params: none,
    message: 'The passkey request took too long or was started elsewhere. Please try again.',
  },
  'auth.passkey_rejected': {
    status: 400,
    params: none,
    message: 'The passkey could not be verified. Please try again.',
  },
  'auth.passkey_unknown': {
    status: 401,
    params: none,
    message: 'This passkey does not belong to an account here. Sign in another way.',
  },
  'auth.passkey_exists': {
    status: 409,
    params: none,
    message: 'This passkey is already on an account.',
  },
  'auth.passkey_limit': {
    status: 409,
    params: { limit: 'number' },
    message: 'An account keeps at most {{limit}} passkeys. Remove one first.',
  },
  'auth.passkey_not_found': {
    status: 404,
    params: none,
    message: 'There is no such passkey on your account.',
  },
  'admin_users.not_found': { status: 404, params: none, message: 'There is no such account.' },
  'admin_users.role_not_grantable': {
    status: 400,
    params: { role: 'string' },
    message:
      'The role {{role}} is not granted here: seller roles come from an approved supplier application, and revoking restores the role the account had.',
  },
  'admin_users.seller_in_business': {
    status: 409,
    params: { listings: 'number', orders: 'number' },
    message:
      'This account sells: it has {{listings}} active listings and {{orders}} open orders. They must be closed before it can hold a staff role.',
  },
  'admin_users.last_admin': {
    status: 409,
    params: none,
    message: 'This is the last administrator. Make another administrator first.',
  },
  'admin_users.closed_account': {
    status: 409,
    params: none,
    message: 'This account is closed: nothing can be granted to it.',
  },
  'admin_users.demo_on_real': {
    status: 403,
    params: none,
    message: 'A demo account cannot change a real account.',
  },
  'admin_users.not_on_self': {
    status: 409,
    params: none,
    message: 'You cannot suspend your own account.',
  },
  'admin_users.already_suspended': {
    status: 409,
    params: none,
    message: 'This account is already suspended.',
  },
  'admin_users.not_suspended': { status: 409, params: none, message: 'This account is not suspended.' },
  'admin_users.invitation_not_found': {
    status: 404,
    params: none,
    message: 'There is no such open invitation.',
  },
  'profile.role_not_allowed': {
    status: 403,
    params: { role: 'string' },
    message: 'The role {{role}} is granted by an administrator; choose one of the business roles.',
  },

  // Cart and checkout
  'cart.buyers_only': {
    status: 403,
    params: none,
    message: 'Only buying accounts can buy; sellers and admins cannot.',
  },
  'cart.product_unavailable': { status: 400, params: none, message: 'That product is not available.' },
  'cart.out_of_stock': {
    status: 409,
    params: { product: 'string' },
    message: '{{product}} is out of stock.',
  },
  'cart.not_enough_stock': {
    status: 409,
    params: { product: 'string', left: 'number' },
    message: 'Only {{left}} left of {{product}}.',
  },
  'cart.below_minimum': {
    status: 400,
    params: { product: 'string', minimum: 'number' },
    message: 'The minimum order for {{product}} is {{minimum}}.',
  },
  'cart.above_stock': {
    status: 400,
    params: { product: 'string', left: 'number' },
    message: 'Only {{left}} left of {{product}}.',
  },
  'cart.line_not_found': { status: 404, params: none, message: 'That cart line does not exist.' },
  'checkout.idempotency_key_required': {
    status: 400,
    params: { header: 'string' },
    message: 'The {{header}} header is required (8 to 200 characters).',
  },
  'checkout.idempotency_key_reused': {
    status: 409,
    params: none,
    message: 'This Idempotency-Key was already used for a different checkout.',
  },
  'checkout.in_progress': { status: 409, params: none, message: 'This checkout is already being processed.' },
  'checkout.order_number_taken': {
    status: 409,
    params: none,
    message: 'That order number is already in use. Please try again.',
  },
  'checkout.product_unavailable': {
    status: 400,
    params: none,
    message: 'A product in your cart is no longer available.',
  },
  'checkout.below_minimum': {
    status: 400,
    params: { product: 'string', minimum: 'number' },
    message: 'The minimum order for {{product}} is {{minimum}}.',
  },
  'checkout.prices_changed': {
    status: 409,
    params: none,
    message: 'Prices have changed since you loaded your cart. Please check the new total.',
  },
  'checkout.out_of_stock': {
    status: 409,
    params: { product: 'string' },
    message: '{{product}} is out of stock.',
  },
  'checkout.not_enough_stock': {
    status: 409,
    params: { product: 'string', left: 'number' },
    message: 'Only {{left}} left of {{product}}.',
  },

  // Orders
  'order.not_found': { status: 404, params: none, message: 'That order does not exist.' },
  'order.seller_only': {
    status: 403,
    params: none,
    message: 'Only the seller can change the status of an order.',
  },
  'order.invalid_transition': {
    status: 409,
    params: { from: 'string', to: 'string' },
    message: 'An order cannot move from {{from}} to {{to}}.',
  },
  'order.decline_seller_only': {
    status: 403,
    params: none,
    message: 'Only the seller of this order can decline it.',
  },
  'order.not_declinable': {
    status: 409,
    params: { status: 'string' },
    message: 'An order that is {{status}} can no longer be declined; only pending orders can.',
  },
  'order.not_delivered': {
    status: 409,
    params: none,
    message: 'Only a delivered order can be marked paid.',
  },
  'order.already_paid': { status: 409, params: none, message: 'This order is already marked paid.' },
  'order.buyer_only': { status: 403, params: none, message: 'Only the buyer can cancel an order.' },
  'order.cancel_window_passed': {
    status: 409,
    params: none,
    message: 'An order can only be cancelled within 24 hours of ordering.',
  },
  'order.not_cancellable': {
    status: 409,
    params: { status: 'string' },
    message: 'An order that is {{status}} can no longer be cancelled.',
  },
  'order.no_longer_cancellable': {
    status: 409,
    params: none,
    message: 'This order can no longer be cancelled.',
  },

  // Plans
  'subscription.unknown_plan': { status: 400, params: none, message: 'No such plan.' },
  'subscription.unknown_coop': { status: 400, params: none, message: 'No such cooperative.' },
  'subscription.early_adopter_closed': {
    status: 409,
    params: { cap: 'number' },
    message: 'The early-adopter offer closed at {{cap}} members.',
  },
  'subscription.already_on_plan': { status: 409, params: none, message: 'You are already on this plan.' },
  'coop.full_for_plan': {
    status: 409,
    params: { feature: 'string', used: 'number', limit: 'number' },
    message:
      "This cooperative is full for now: it has reached the {{feature}} limit of its coordinator's plan ({{used}}/{{limit}}).",
  },

  // Cooperatives
  'coop.not_found': { status: 404, params: none, message: 'No such cooperative.' },
  'coop.not_member': { status: 403, params: none, message: 'Only members of this cooperative can do this.' },
  'coop.already_member': {
    status: 409,
    params: none,
    message: 'You are already a member of this cooperative.',
  },
  'coop.not_accepting_members': {
    status: 409,
    params: none,
    message: 'This cooperative is not accepting members.',
  },
  'coop.name_taken': { status: 409, params: none, message: 'A cooperative with this name already exists.' },

  // Governance
  'vote.not_found': { status: 404, params: none, message: 'No such vote.' },
  'vote.no_voting_rights': {
    status: 403,
    params: none,
    message: 'You have no voting rights in this cooperative.',
  },
  'vote.closed': { status: 409, params: none, message: 'This vote is closed.' },
  'vote.not_open': { status: 409, params: none, message: 'This vote is not open for ballots at this time.' },
  'vote.already_voted': { status: 409, params: none, message: 'You have already voted on this.' },
  'vote.close_not_allowed': {
    status: 403,
    params: none,
    message: 'Only the creator of the vote or a coordinator can close it.',
  },
  'vote.already_closed': { status: 409, params: none, message: 'This vote is already closed.' },
  'meeting.not_found': { status: 404, params: none, message: 'No such meeting.' },
  'meeting.not_upcoming': { status: 409, params: none, message: 'Only upcoming meetings can be joined.' },
  'meeting.already_joined': { status: 409, params: none, message: 'You have already joined this meeting.' },
  'transaction.not_found': { status: 404, params: none, message: 'No such transaction.' },
  'transaction.reverse_unknown': {
    status: 400,
    params: none,
    message: 'The transaction to reverse is not one of this cooperative.',
  },
  'transaction.reverse_not_approved': {
    status: 409,
    params: none,
    message: 'Only an approved transaction can be reversed.',
  },
  'transaction.already_reversed': {
    status: 409,
    params: none,
    message: 'This transaction has already been reversed.',
  },
  'transaction.review_not_allowed': {
    status: 403,
    params: none,
    message: 'Only a coordinator of this cooperative can review transactions.',
  },
  'transaction.already_reviewed': {
    status: 409,
    params: none,
    message: 'This transaction has already been reviewed.',
  },

  // Bulk orders and warehouses
  'bulk_order.not_found': { status: 404, params: none, message: 'No such bulk order.' },
  'bulk_order.members_only': {
    status: 403,
    params: none,
    message: "Only members of this order's cooperative can join it.",
  },
  'bulk_order.below_minimum': {
    status: 400,
    params: { minimum: 'number' },
    message: 'Order at least {{minimum}} units.',
  },
  'bulk_order.sellers_only': {
    status: 403,
    params: none,
    message: 'Only sellers receive bulk order proposals.',
  },
  'bulk_order.product_seller_only': {
    status: 403,
    params: none,
    message: 'Only the seller of the product can accept or decline this bulk order.',
  },
  'bulk_order.already_answered': {
    status: 409,
    params: none,
    message: 'This bulk order has already been answered.',
  },
  'bulk_order.already_joined': {
    status: 409,
    params: none,
    message: 'You have already joined this bulk order.',
  },
  'bulk_order.full': {
    status: 409,
    params: none,
    message: 'This bulk order is full: the seller has no more units for it.',
  },
  'bulk_order.room_left': {
    status: 409,
    params: { room: 'number' },
    message: 'Only {{room}} more units can join this bulk order (what the seller can supply).',
  },
  'bulk_order.ended': { status: 409, params: none, message: 'This bulk order has already ended.' },
  'bulk_order.closed': { status: 409, params: none, message: 'This bulk order is closed or has ended.' },
  'bulk_order.cannot_close': {
    status: 409,
    params: none,
    message: 'A bulk order can be closed only while it is open and once its target is met.',
  },
  'bulk_order.close_coordinator_only': {
    status: 403,
    params: none,
    message: "Only a coordinator of this bulk order's cooperative can close it.",
  },
  'bulk_order.coordinator_only': {
    status: 403,
    params: none,
    message: 'Only a coordinator of this cooperative can create bulk orders.',
  },
  'bulk_order.product_unavailable': {
    status: 400,
    params: none,
    message: 'Choose a product from the catalogue.',
  },
  'betacrowd.not_found': { status: 404, params: none, message: 'No such campaign.' },
  'betacrowd.not_active': {
    status: 409,
    params: none,
    message: 'This campaign is not taking investments.',
  },
  'betacrowd.over_target': {
    status: 409,
    params: { left: 'string' },
    message: 'Only {{left}} is left to raise in this campaign.',
  },
  'betacrowd.insufficient_funds': {
    status: 409,
    params: { available: 'string' },
    message: 'Your wallet holds {{available}}, less than this amount.',
  },
  'betacrowd.own_campaign': { status: 403, params: none, message: 'You cannot invest in your own campaign.' },
  'betacrowd.own_review': { status: 403, params: none, message: 'Nobody reviews their own campaign.' },
  'betacrowd.not_pending': {
    status: 409,
    params: none,
    message: 'This campaign is no longer waiting for review.',
  },
  'betacrowd.entrepreneur_only': {
    status: 403,
    params: none,
    message: "Only the campaign's entrepreneur can do this.",
  },
  'betacrowd.not_repaying': {
    status: 409,
    params: none,
    message: 'Repayments are recorded once a campaign is funded, until it is repaid.',
  },
  'betacrowd.not_cancellable': {
    status: 409,
    params: none,
    message: 'Only a campaign that is not funded yet can be cancelled.',
  },
  'betacrowd.wrong_instalment': {
    status: 409,
    params: { expected: 'number' },
    message: 'The next instalment to record is number {{expected}}.',
  },
  'betacrowd.idempotency_key_required': {
    status: 400,
    params: { header: 'string' },
    message: 'The {{header}} header is required (8 to 200 characters).',
  },
  'betacrowd.idempotency_key_reused': {
    status: 409,
    params: none,
    message: 'This Idempotency-Key was already used for a different investment.',
  },
  'warehouse.not_found': { status: 404, params: none, message: 'No such warehouse.' },
  'warehouse.members_only': {
    status: 403,
    params: none,
    message: "Only members of this warehouse's cooperative can allocate space in it.",
  },
  'warehouse.inactive': { status: 409, params: none, message: 'This warehouse is not active.' },
  'warehouse.space_taken': {
    status: 409,
    params: { free: 'number' },
    message: 'Only {{free}} m³ is free in this warehouse.',
  },

  // Books (the financial center)
  'ledger.unbalanced': {
    status: 400,
    params: { debits: 'number', credits: 'number', difference: 'number' },
    message:
      'Debits (R {{debits}}) and credits (R {{credits}}) differ by R {{difference}}. An entry saves only when they are equal.',
  },
  'ledger.entry_not_found': { status: 404, params: none, message: 'That journal entry does not exist.' },
  'ledger.not_your_entry': {
    status: 403,
    params: none,
    message: "This entry belongs to another business's books.",
  },
  'ledger.already_reversed': { status: 409, params: none, message: 'This entry has already been reversed.' },
  'ledger.reversal_of_reversal': {
    status: 409,
    params: none,
    message: 'A reversal cannot be reversed; post a new entry instead.',
  },
  'ledger.line_not_found': { status: 404, params: none, message: 'That bank line does not exist.' },
  // Inventory (spec 2; DECISIONS 20)
  'inventory.business_only': {
    status: 403,
    params: none,
    message: 'Inventory belongs to a business; staff accounts keep none.',
  },
  'inventory.not_enough_stock': {
    status: 409,
    params: { product: 'string', available: 'number' },
    message: 'Only {{available}} of {{product}} available at this location.',
  },
  'inventory.product_not_found': {
    status: 404,
    params: none,
    message: 'That product is not in your inventory.',
  },
  'inventory.location_not_found': { status: 404, params: none, message: 'That location does not exist.' },
  'inventory.item_not_found': { status: 404, params: none, message: 'That inventory item does not exist.' },
  'inventory.alert_not_found': { status: 404, params: none, message: 'That alert does not exist.' },
  'inventory.location_name_taken': {
    status: 409,
    params: { name: 'string' },
    message: 'You already have a location called {{name}}.',
  },
  'inventory.sku_taken': {
    status: 409,
    params: { sku: 'string' },
    message: 'You already have an item with the SKU {{sku}}.',
  },
  'inventory.unknown_skus': {
    status: 400,
    params: { skus: 'string' },
    message: 'These SKUs are not in your inventory: {{skus}}.',
  },

  // Notifications
  'notification.not_found': { status: 404, params: none, message: 'That notification does not exist.' },
  'notification.demo_only': {
    status: 403,
    params: none,
    message: 'Simulated notifications are only for demo accounts.',
  },

  // CRM
  'crm.sales_only': {
    status: 403,
    params: none,
    message: 'Access Restricted - CRM features are only available to sales representatives and managers.',
  },
  'crm.managers_only': {
    status: 403,
    params: none,
    message: 'Only sales managers can set sales targets.',
  },
  'crm.client_not_found': { status: 404, params: none, message: 'That client does not exist.' },

  // Academy
  'learning.module_not_found': { status: 404, params: none, message: 'No such course.' },
  'learning.lesson_not_found': { status: 404, params: none, message: 'This course has no such lesson.' },
  'learning.rating_needs_lesson': {
    status: 409,
    params: none,
    message: 'Finish at least one lesson of this course before you rate it.',
  },

  // Trade promotions (issue 12 point 4)
  'promotion.sellers_only': {
    status: 403,
    params: none,
    message: 'Only sellers and admins create promotions, on their own products.',
  },
  'promotion.not_found': { status: 404, params: none, message: 'That promotion does not exist.' },
  'promotion.owner_only': {
    status: 403,
    params: none,
    message: 'Only the seller who made this promotion can change it.',
  },
  'promotion.not_editable': {
    status: 409,
    params: { status: 'string' },
    message: 'This promotion is {{status}} and can no longer be changed.',
  },
  'promotion.in_use': {
    status: 409,
    params: none,
    message: 'Buyers have already used this promotion, so it stays on record. Cancel it instead.',
  },
  // Smart orders (issue 12 point 5)
  'smart_orders.buyers_only': {
    status: 403,
    params: none,
    message: 'Only buying businesses keep re-order rules and scheduled orders.',
  },
  'smart_orders.sellers_only': {
    status: 403,
    params: none,
    message: 'Only suppliers, distributors and manufacturers make trade offers, on their own products.',
  },
  'smart_orders.rule_not_found': { status: 404, params: none, message: 'That re-order rule does not exist.' },
  'smart_orders.rule_exists': {
    status: 409,
    params: none,
    message: 'You already have a re-order rule for this product. Edit that one instead.',
  },
  'smart_orders.schedule_not_found': {
    status: 404,
    params: none,
    message: 'That scheduled order does not exist.',
  },
  'smart_orders.offer_not_found': { status: 404, params: none, message: 'That trade offer does not exist.' },
  'smart_orders.offer_in_use': {
    status: 409,
    params: none,
    message: 'Buyers have already used this offer, so it stays on record. Switch it off instead.',
  },
  'smart_orders.proposal_not_found': {
    status: 404,
    params: none,
    message: 'That proposed order is no longer waiting.',
  },
  // Community
  'community.post_not_found': { status: 404, params: none, message: 'That post does not exist.' },
  'community.not_author': { status: 403, params: none, message: 'Only the author can change this post.' },
  'community.announcers_only': {
    status: 403,
    params: none,
    message: 'Only admins and coordinators can post announcements.',
  },
  'community.pinners_only': {
    status: 403,
    params: none,
    message: 'Only admins and coordinators can pin posts.',
  },
  'community.moderators_only': { status: 403, params: none, message: 'Only admins can moderate posts.' },
  'community.image_not_found': { status: 404, params: none, message: 'That picture does not exist.' },
  'community.image_unusable': {
    status: 400,
    params: none,
    message: 'Upload the picture again: it is not yours or another post already uses it.',
  },
  'community.image_missing': { status: 400, params: none, message: 'Choose a picture to upload.' },
  'community.image_type': { status: 400, params: none, message: 'Only JPEG and PNG pictures can be posted.' },
  'community.image_too_large': {
    status: 413,
    params: { max_mb: 'number' },
    message: 'The picture is larger than {{max_mb}} MB.',
  },
  'community.image_too_many_pixels': {
    status: 400,
    params: { max_megapixels: 'number' },
    message: 'The picture has more than {{max_megapixels}} megapixels.',
  },
  'community.image_unreadable': { status: 400, params: none, message: 'The picture could not be read.' },

  // Support
  'support.staff_only': { status: 403, params: none, message: 'Only the support team can do this.' },
  'support.ticket_not_found': { status: 404, params: none, message: 'That ticket does not exist.' },
  'support.invalid_transition': {
    status: 409,
    params: { from: 'string', to: 'string' },
    message: 'A ticket that is {{from}} cannot be moved to {{to}}.',
  },
  'support.ticket_closed': {
    status: 409,
    params: none,
    message: 'This ticket is closed. Create a new ticket if you still need help.',
  },
  'support.rating_not_resolved': {
    status: 409,
    params: none,
    message: 'A ticket can be rated once it is resolved.',
  },
  'support.already_rated': { status: 409, params: none, message: 'You have already rated this ticket.' },
  'support.rating_customer_only': {
    status: 403,
    params: none,
    message: 'Only the customer who opened the ticket can rate it.',
  },
  'support.not_staff': {
    status: 400,
    params: none,
    message: 'Tickets can only be assigned to the support team.',
  },
  'support.customer_required': {
    status: 400,
    params: none,
    message: 'Choose the customer whose conversation you are answering.',
  },

  // Developer tools: API keys (ADR 050)
  'api_key.invalid': {
    status: 401,
    params: none,
    message: 'This API key is not valid or has been revoked.',
  },
  'api_key.scope_missing': {
    status: 403,
    params: { scope: 'string' },
    message: 'This API key does not have the {{scope}} permission.',
  },
  'api_key.not_public': {
    status: 403,
    params: none,
    message: 'An API key cannot call this endpoint: it is not part of the public API.',
  },
  'api_key.limit_reached': {
    status: 409,
    params: { limit: 'number' },
    message: 'You can have at most {{limit}} API keys. Revoke one to make another.',
  },
  'api_key.not_found': { status: 404, params: none, message: 'That API key does not exist.' },
  'api_key.rate_limited': {
    status: 429,
    params: { seconds: 'number' },
    message: 'Too many requests with this API key. Please wait {{seconds}} seconds and try again.',
  },

  // Reports
  'reports.admin_only': {
    status: 403,
    params: none,
    message: 'Reports are only available to administrators and coordinators.',
  },
  'reports.not_found': { status: 404, params: none, message: 'That report does not exist.' },
  'reports.not_ready': {
    status: 409,
    params: none,
    message: 'This report is not ready yet; download it once it is ready.',
  },
  'reports.too_many_generating': {
    status: 409,
    params: { limit: 'number' },
    message: 'You already have {{limit}} reports generating; wait for one to finish.',
  },
  'reports.schedule_limit': {
    status: 409,
    params: { limit: 'number' },
    message: 'You can have at most {{limit}} scheduled reports.',
  },
  'reports.schedule_not_found': {
    status: 404,
    params: none,
    message: 'That scheduled report does not exist.',
  },

  // AI Business Insights (ADR 053)
  'ai_insights.business_only': {
    status: 403,
    params: none,
    message: "Insights are worked out from a business's own sales and stock; staff accounts keep none.",
  },
  'ai_insights.not_found': {
    status: 404,
    params: none,
    message: 'That recommendation is not among the current ones; reload to see them.',
  },

  // Security Center (ADR 054)
  'security.monitor_only': {
    status: 403,
    params: none,
    message: "Only the deployment's administrators see every account's security events.",
  },
  'security.session_not_found': {
    status: 404,
    params: none,
    message: 'That session has already ended or is not one of yours.',
  },
  'security.current_session': {
    status: 409,
    params: none,
    message: 'This is the session you are using: sign out to end it.',
  },

  // Point of sale
  'pos.business_only': {
    status: 403,
    params: none,
    message: "The till sells a business's own stock; staff accounts keep none.",
  },
  'pos.product_not_found': {
    status: 404,
    params: none,
    message: "That product is not in your shop's stock.",
  },
  'pos.no_price': {
    status: 409,
    params: { product: 'string' },
    message: '{{product}} has no price yet. Set its price before you sell it.',
  },
  'pos.price_changed': {
    status: 409,
    params: { product: 'string' },
    message:
      'The price of {{product}} has changed. The till now shows the new price; check the cart and pay again.',
  },
  'pos.totals_changed': {
    status: 409,
    params: none,
    message: "The totals on the till differ from the shop's. Check the cart and pay again.",
  },
  'pos.sale_not_found': { status: 404, params: none, message: 'That sale does not exist.' },
  'pos.already_refunded': {
    status: 409,
    params: { number: 'string' },
    message: 'Sale {{number}} has already been refunded.',
  },
  'pos.receipt_taken': {
    status: 409,
    params: { number: 'string' },
    message: 'Receipt number {{number}} already belongs to another sale.',
  },
  'pos.cash_up_done': {
    status: 409,
    params: none,
    message: 'This till session has already been cashed up. The screen now shows the next one.',
  },
  'pos.cash_up_changed': {
    status: 409,
    params: { expected: 'number' },
    message:
      'A sale or refund was recorded meanwhile: cash expected is now R {{expected}}. Check the count again.',
  },

  // One field (status 400: they travel in a 400's field_codes)
  'validation.invalid': { status: 400, params: none, message: 'Not valid.' },
  'validation.required': { status: 400, params: none, message: 'Required.' },
  'validation.not_zero': { status: 400, params: none, message: 'Must not be 0.' },
  'validation.same_location': { status: 400, params: none, message: 'Choose a different location.' },
  'validation.invalid_type': { status: 400, params: none, message: 'Not the right kind of value.' },
  'validation.number': { status: 400, params: none, message: 'Enter a number.' },
  'validation.whole_number': { status: 400, params: none, message: 'Enter a whole number.' },
  'validation.too_short': {
    status: 400,
    params: { minimum: 'number' },
    message: 'At least {{minimum}} characters.',
  },
  'validation.too_long': {
    status: 400,
    params: { maximum: 'number' },
    message: 'At most {{maximum}} characters.',
  },
  'validation.too_small': { status: 400, params: { minimum: 'number' }, message: 'At least {{minimum}}.' },
  'validation.too_big': { status: 400, params: { maximum: 'number' }, message: 'At most {{maximum}}.' },
  'validation.greater_than': {
    status: 400,
    params: { minimum: 'number' },
    message: 'Must be more than {{minimum}}.',
  },
  'validation.less_than': {
    status: 400,
    params: { maximum: 'number' },
    message: 'Must be less than {{maximum}}.',
  },
  'validation.too_few': {
    status: 400,
    params: { minimum: 'number' },
    message: 'Choose at least {{minimum}}.',
  },
  'validation.too_many': {
    status: 400,
    params: { maximum: 'number' },
    message: 'Choose at most {{maximum}}.',
  },
  'validation.length_between': {
    status: 400,
    params: { minimum: 'number', maximum: 'number' },
    message: 'Required: {{minimum}} to {{maximum}} characters.',
  },
  'validation.invalid_format': { status: 400, params: none, message: 'Not in the right format.' },
  'validation.email': { status: 400, params: none, message: 'Enter a valid email address.' },
  'validation.url': { status: 400, params: none, message: 'Enter a valid web address.' },
  'validation.date_time': { status: 400, params: none, message: 'Enter a valid date and time.' },
  'validation.invalid_option': { status: 400, params: none, message: 'Choose one of the options.' },
  'validation.decimals': { status: 400, params: none, message: 'At most two decimals.' },
  'validation.positive': { status: 400, params: none, message: 'Must be positive.' },
  'validation.future_date': { status: 400, params: none, message: 'Must be in the future.' },
  'validation.product_unavailable': { status: 400, params: none, message: 'This product is not available.' },
  'validation.not_in_coop': { status: 400, params: none, message: 'Not a transaction of this cooperative.' },
  'validation.name_taken': { status: 400, params: none, message: 'This name is already taken.' },
  'validation.demo_role': { status: 400, params: none, message: 'Demo accounts keep their role.' },
  'validation.phone': {
    status: 400,
    params: none,
    message: 'Enter a valid phone number, for example +27 82 555 0101.',
  },
  'validation.sa_phone': {
    status: 400,
    params: none,
    message: 'Enter a South African phone number, for example 082 555 0101 or +27 82 555 0101.',
  },
  'validation.identifier': {
    status: 400,
    params: none,
    message: 'Enter a South African mobile number, for example 082 555 0101, or an email address.',
  },
  'validation.password_too_short': {
    status: 400,
    params: none,
    message: 'Use at least 10 characters.',
  },
  'validation.password_common': {
    status: 400,
    params: none,
    message: 'This password is one of the most common ones. Choose another.',
  },
  'validation.accept_terms': {
    status: 400,
    params: none,
    message: 'Accept the terms and the privacy notice to open an account.',
  },
  'validation.reason_required': {
    status: 400,
    params: none,
    message: 'Say why, in a few words.',
  },
  'validation.month': { status: 400, params: none, message: 'Choose a month.' },
  'validation.not_a_rep': { status: 400, params: none, message: 'Choose a sales representative.' },
  'validation.postal_code': { status: 400, params: none, message: 'A postal code has four digits.' },
  'validation.years_range': {
    status: 400,
    params: none,
    message: 'Years in business must be between 0 and 50.',
  },
  'validation.debit_or_credit': {
    status: 400,
    params: none,
    message: 'Enter either a debit or a credit on each line.',
  },
  'validation.end_after_start': { status: 400, params: none, message: 'The end must be after the start.' },
  'validation.one_decimal': { status: 400, params: none, message: 'At most one decimal.' },
  'validation.hex_colour': {
    status: 400,
    params: none,
    message: 'Enter a colour as # and six hexadecimal digits, for example #f97316.',
  },
  'validation.contrast': {
    status: 400,
    params: none,
    message:
      'White text on buttons of this colour would be too hard to read (WCAG AA needs 4.5:1). Choose a darker or stronger colour.',
  },
  'validation.one_discount': {
    status: 400,
    params: none,
    message: 'Give either a percentage or an amount off, not both.',
  },
  'validation.discount_required': {
    status: 400,
    params: none,
    message: 'Give a percentage or an amount off.',
  },
  'validation.minimum_over_target': {
    status: 400,
    params: none,
    message: 'The minimum investment cannot be more than the target.',
  },
  'validation.quarterly_term': {
    status: 400,
    params: none,
    message: 'Quarterly repayments need a term in whole quarters (a multiple of 3 months).',
  },
  'validation.not_own_product': { status: 400, params: none, message: 'Choose only your own products.' },
  'validation.percentage': { status: 400, params: none, message: 'Enter a percentage from 0.1 to 100.' },
  'validation.duplicate_product': {
    status: 400,
    params: none,
    message: 'This product is already on the list.',
  },
  'validation.not_supplier_product': {
    status: 400,
    params: none,
    message: 'Choose a product this supplier sells.',
  },
  'validation.not_a_supplier': { status: 400, params: none, message: 'Choose one of the suppliers.' },
  'validation.target_at_least_minimum': {
    status: 400,
    params: none,
    message: 'The target must be at least the minimum quantity.',
  },

  // Leaving a bulk order (issue 10 point 3)
  'bulk_order.participation_not_found': {
    status: 404,
    params: none,
    message: 'No such bulk order participation.',
  },
  'bulk_order.not_your_participation': {
    status: 403,
    params: none,
    message: 'Only the member who joined can leave this bulk order.',
  },
  'bulk_order.cannot_leave': {
    status: 409,
    params: none,
    message: 'You can leave a bulk order only while it is active and before you have paid.',
  },
  // Branding (ADR 049)
  'branding.admin_only': {
    status: 403,
    params: none,
    message: "Only an administrator can change the app's branding. You can preview it and export it.",
  },
  // Marketing campaigns (ADR 019)
  'marketing.staff_only': {
    status: 403,
    params: none,
    message:
      "Marketing campaigns are run by the network's marketing staff (admins and business development managers).",
  },
  'marketing.campaign_not_found': { status: 404, params: none, message: 'That campaign does not exist.' },
  'marketing.link_not_found': { status: 404, params: none, message: 'That campaign link does not exist.' },
  'marketing.not_active': { status: 409, params: none, message: 'Only an active campaign can be paused.' },
  'marketing.not_paused': { status: 409, params: none, message: 'Only a paused campaign can be resumed.' },
  'validation.date': { status: 400, params: none, message: 'Enter a date.' },
  'validation.app_path': {
    status: 400,
    params: none,
    message: 'Enter a page of this app, starting with / (for example /products).',
  },
  'validation.campaign_code': { status: 400, params: none, message: 'That is not a campaign link code.' },
  // Supplier applications and a seller's own products (spec 1 /supplier-applications, spec 3 /bulk-upload)
  'application.buyers_only': {
    status: 403,
    params: none,
    message: 'Only business owners and service providers apply to sell: your account already has its role.',
  },
  'application.reviewers_only': {
    status: 403,
    params: none,
    message: 'Only administrators and coordinators review supplier applications.',
  },
  'application.already_submitted': {
    status: 409,
    params: none,
    message: 'Application Already Submitted. You can follow it under My Application.',
  },
  'application.not_found': { status: 404, params: none, message: 'That application does not exist.' },
  'application.own_review': {
    status: 403,
    params: none,
    message: 'Nobody reviews their own application: another reviewer decides it.',
  },
  'application.cannot_move': {
    status: 409,
    params: { status: 'string' },
    message: 'This application is {{status}} and cannot be moved that way.',
  },
  'products.sellers_only': {
    status: 403,
    params: none,
    message: 'Access Restricted - Bulk upload features are only available to approved suppliers.',
  },
  'products.not_found': { status: 404, params: none, message: 'That product is not one of yours.' },
  'products.sku_taken': {
    status: 409,
    params: { sku: 'string' },
    message: 'You already have a product with SKU {{sku}}.',
  },
  'validation.mrp_below_price': {
    status: 400,
    params: none,
    message: 'The recommended price (mrp) cannot be below the selling price.',
  },
  // Bulk upload (spec 3 /bulk-upload; docs/decisions/021)
  'bulk_upload.file_missing': { status: 400, params: none, message: 'Choose a file to upload.' },
  'bulk_upload.file_type': {
    status: 400,
    params: none,
    message: 'Please select a valid Excel (.xlsx) or CSV file.',
  },
  'bulk_upload.xls': {
    status: 400,
    params: none,
    message: 'Old Excel files (.xls) cannot be read safely: save it as .xlsx or CSV and upload that.',
  },
  'bulk_upload.too_large': {
    status: 413,
    params: { max_mb: 'number' },
    message: 'The file is larger than {{max_mb}} MB.',
  },
  'bulk_upload.not_text': {
    status: 400,
    params: none,
    message: 'This file is not a CSV text file. Save the spreadsheet as CSV (UTF-8) or .xlsx.',
  },
  'bulk_upload.unreadable': {
    status: 400,
    params: none,
    message: 'This spreadsheet could not be read. Save it again as .xlsx or CSV.',
  },
  'bulk_upload.expands_too_much': {
    status: 400,
    params: { max_mb: 'number' },
    message: 'This spreadsheet unpacks to more than {{max_mb}} MB, which is not a product list.',
  },
  'bulk_upload.too_many_rows': {
    status: 400,
    params: { max_rows: 'number' },
    message: 'The file has more than {{max_rows}} rows. Split it into smaller files.',
  },
  'bulk_upload.empty': { status: 400, params: none, message: 'The file has no product rows.' },
  'bulk_upload.missing_columns': {
    status: 400,
    params: { columns: 'string' },
    message: 'The file is missing the columns: {{columns}}. Start from the template.',
  },
  'bulk_upload.not_found': { status: 404, params: none, message: 'That upload does not exist.' },
  'bulk_upload.not_pending': {
    status: 409,
    params: { status: 'string' },
    message: 'This upload is {{status}}: it can no longer be imported.',
  },
  'validation.unknown_category': {
    status: 400,
    params: none,
    message: 'No category has this id or name.',
  },
  'validation.duplicate_sku': {
    status: 400,
    params: { row: 'number' },
    message: 'This SKU is already in row {{row}} of the file.',
  },
  'validation.formula': {
    status: 400,
    params: none,
    message: 'A formula without a saved value: type the value itself.',
  },
  'validation.formula_text': {
    status: 400,
    params: none,
    message: 'Text may not begin with =, + or @ (a spreadsheet would run it as a formula).',
  },
  'validation.wholesale_above_price': {
    status: 400,
    params: none,
    message: 'The wholesale price cannot be above the selling price.',
  },
  'validation.barcode': {
    status: 400,
    params: none,
    message: 'A barcode has 8 to 14 digits.',
  },
  'validation.below_open_orders': {
    status: 400,
    params: { held: 'number' },
    message: 'Open orders hold {{held}} of this product: the count cannot be below {{held}}.',
  },
} as const satisfies Record<string, ErrorSpec>;

type Catalogue = typeof ERRORS;
export type ErrorCode = keyof Catalogue;
export type FieldErrorCode = Extract<ErrorCode, `validation.${string}`>;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

type ParamValue<T extends ParamType> = T extends 'number' ? number : string;
/** The params a code needs, typed from the catalogue: a throw site cannot send the wrong ones. */
export type ErrorParams<C extends ErrorCode> = {
  -readonly [K in keyof Catalogue[C]['params']]: Catalogue[C]['params'][K] extends ParamType
    ? ParamValue<Catalogue[C]['params'][K]>
    : never;
};
export type AnyErrorParams = Record<string, string | number>;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** The `{{name}}` placeholders of a message template, in order of appearance. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
}

/** The English text of a code with its params filled in (the server's fallback message). */
export function renderErrorMessage(code: ErrorCode, params: AnyErrorParams = {}): string {
  return ERRORS[code].message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{{${name}}}`,
  );
}

/** Whether params carry exactly the names and types the catalogue gives a code. */
export function paramsMatch(code: ErrorCode, params: AnyErrorParams = {}): boolean {
  const spec: Record<string, ParamType> = ERRORS[code].params;
  const names = Object.keys(params);
  if (names.length !== Object.keys(spec).length) return false;
  return names.every((name) => spec[name] !== undefined && typeof params[name] === spec[name]);
}

const paramValueSchema = z.union([z.string(), z.number()]);

/** One field's refusal: a `validation.*` code with its params, for the web to translate under the field. */
export const fieldErrorSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), paramValueSchema).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The one error shape of every failed API call. `message` is English for a client without a
 * translation; `code` and `params` are what the web translates. `fields` holds each refused field's
 * English text, `field_codes` the same fields' codes and params.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    params: z.record(z.string(), paramValueSchema).optional(),
    fields: z.record(z.string(), z.string()).optional(),
    field_codes: z.record(z.string(), fieldErrorSchema).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
