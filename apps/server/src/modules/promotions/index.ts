// The public entry of the promotions module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { promotionsRoutes } from './promotions.routes';
export { createPromotionService, type PromotionService } from './promotions.service';
export {
  redeemPromotion,
  redemptionOfOrder,
  releaseRedemption,
  type UsablePromotion,
  usablePromotion,
} from './redemptions';
