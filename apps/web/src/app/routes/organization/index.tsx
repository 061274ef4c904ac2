import { ComingSoon } from '../../../components/coming-soon';

export default function OrganizationScreen() {
  return <ComingSoon title="Users" />;
}
