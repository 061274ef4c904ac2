import { ComingSoon } from '../../../components/coming-soon';

export default function CartScreen() {
  return <ComingSoon title="Shopping Cart" />;
}
