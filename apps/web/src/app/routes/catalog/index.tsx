import { ComingSoon } from '../../../components/coming-soon';

export default function CatalogScreen() {
  return <ComingSoon title="Catalog" />;
}
