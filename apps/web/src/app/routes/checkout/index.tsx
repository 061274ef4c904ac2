import { ComingSoon } from '../../../components/coming-soon';

export default function CheckoutScreen() {
  return <ComingSoon title="Checkout" />;
}
