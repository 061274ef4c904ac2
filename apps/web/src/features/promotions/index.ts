export { PromotionCodeField } from './components/promotion-code-field';
export { PromotionLine } from './components/promotion-line';
export { readAppliedPromotion, removePromotion, useAppliedPromotion } from './promotion-storage';
export { useCartPromotion } from './use-cart-promotion';
