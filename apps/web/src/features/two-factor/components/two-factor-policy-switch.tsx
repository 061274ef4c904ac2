import { Switch } from '@mantine/core';
import { TwoFactorMessages } from '@store/core';
import { showAlert } from '../../alert';
import { useTwoFactorPolicy } from '../api/get-two-factor-policy';
import { useSetTwoFactorPolicy } from '../api/set-two-factor-policy';

/** An admin requires two-factor sign-in of the organization's admins (Organization screen). */
export function TwoFactorPolicySwitch() {
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  if (!policy.data) return null;
  return (
    <Switch
      label="Require two-factor sign-in for administrators"
      description="Administrators without it set it up at their next sign-in."
      checked={policy.data.adminsRequired}
      disabled={save.isPending}
      onChange={(e) =>
        save.mutate(e.currentTarget.checked, {
          onSuccess: (p) =>
            showAlert({
              type: 'success',
              text: p.adminsRequired ? TwoFactorMessages.policyOn : TwoFactorMessages.policyOff,
            }),
        })
      }
    />
  );
}
