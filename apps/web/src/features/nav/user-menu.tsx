import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { arrowOpens, type FirstItem, UserButton } from './user-button';
import { SignInButton } from './user-links';

// Mantine's Menu and the positioning library under it are a fifth of the first load's JavaScript;
// the header shows only the name button until it is first pressed. Pointing at or focusing the
// button fetches the menu's chunk ahead of the press.
const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

export function UserMenu() {
  const user = useCurrentUser();
  const [pressed, setPressed] = useState<FirstItem | null>(null);
  if (!user) return <SignInButton />;
  const placeholder = (
    <UserButton
      person={user.person}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setPressed('first')}
      onKeyDown={(event) => {
        // The menu button's arrow keys (WAI-ARIA APG), as the loaded menu has them.
        const which = arrowOpens(event.key);
        if (!which) return;
        event.preventDefault();
        setPressed(which);
      }}
    />
  );
  if (!pressed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuDropdown user={user} startOn={pressed} />
    </Suspense>
  );
}
