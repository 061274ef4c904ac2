import { ComingSoon } from '../../../components/coming-soon';

export default function CreateAccountScreen() {
  return <ComingSoon title="Add New User" />;
}
