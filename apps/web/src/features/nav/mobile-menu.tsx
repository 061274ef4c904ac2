import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// The drawer (Mantine's Drawer, its overlay, focus trap and scroll lock) loads when first opened:
// a first visit does not pay for it.
const MenuDrawer = lazy(() => import('./menu-drawer'));

/** Below the sm breakpoint the nav and the user menu collapse into one drawer behind a menu button. */
export function MobileMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const button = useRef<HTMLButtonElement>(null);
  // Escape, the close button or the overlay: focus back on the menu button. (The drawer is mounted
  // only while open, so Mantine, which returns focus as a dialog closes, never sees it close.)
  const dismiss = () => {
    close();
    button.current?.focus();
  };
  const { key } = useLocation();
  // Whatever link was followed, the drawer closes once the page changes (focus goes to the new screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger
  useEffect(() => close(), [key]);
  return (
    <>
      <Burger
        ref={button}
        opened={opened}
        onClick={toggle}
        aria-label="Menu"
        aria-expanded={opened}
        size="sm"
      />
      {/* Mounted only while open: a closed drawer leaves nothing outside the page's landmarks. */}
      {opened && (
        <Suspense>
          <MenuDrawer onClose={dismiss} />
        </Suspense>
      )}
    </>
  );
}
