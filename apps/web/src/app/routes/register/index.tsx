import { ComingSoon } from '../../../components/coming-soon';

export default function RegisterScreen() {
  return <ComingSoon title="Register New Organization" />;
}
