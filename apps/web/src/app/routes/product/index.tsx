import { ComingSoon } from '../../../components/coming-soon';

export default function ProductScreen() {
  return <ComingSoon title="Product" />;
}
