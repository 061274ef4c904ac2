import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { UserButton } from './user-button';
import { SignInButton } from './user-links';

// Mantine's Menu and the positioning library under it are a fifth of the first load's JavaScript;
// the header shows only the name button until it is first pressed. Pointing at or focusing the
// button fetches the menu's chunk ahead of the press.
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

export function UserMenu() {
  const user = useCurrentUser();
  const [pressed, setPressed] = useState(false);
  if (!user) return <SignInButton />;
  const placeholder = (
    <UserButton
      person={user.person}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuDropdown user={user} />
    </Suspense>
  );
}
