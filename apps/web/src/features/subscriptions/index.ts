// What the subscriptions area offers other areas (see eslint.config.js, web boundaries): the upgrade dialog a
// refused call (402 plan_limit) opens, wherever it happened.
export { planLimitOf, UpgradeDialog, type PlanLimitHit } from './UpgradeDialog';
// The enterprise page's pricing: the same plan cards and the same confirmation (with its trial) as /subscription.
export { ChangePlanDialog } from './components/ChangePlanDialog';
export { PlanCard } from './components/PlanCard';
