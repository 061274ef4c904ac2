import { isValidElement, useEffect, useRef } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation } from 'react-router';
import { focusElement, screenHeading } from '../lib/focus';

// After an in-app screen change focus moves to the new screen's heading, as a page load would put a
// screen reader at the top of the new page; while the screen still loads, to its main region, and to
// the heading once it is shown. One mechanism for every screen, beside the document title.
//
// The two paths of one screen (Subscriptions and Subscriptions/{id}) are one screen: opening a row
// keeps focus where it is. Until the visitor has pressed a key or a pointer, nothing moves: a page
// that has just loaded (redirects included) leaves focus at the document's start, so the first Tab
// reaches the skip link.

let interacted = false;
if (typeof document !== 'undefined') {
  const mark = () => {
    interacted = true;
  };
  document.addEventListener('keydown', mark, { capture: true, once: true });
  document.addEventListener('pointerdown', mark, { capture: true, once: true });
}

/** The component a location shows, or null for a redirect (which is no screen of its own). */
function screenOf(routes: RouteObject[], location: ReturnType<typeof useLocation>): unknown {
  const element = matchRoutes(routes, location)?.at(-1)?.route.element;
  if (!isValidElement(element) || element.type === Navigate) return null;
  return element.type;
}

function focusScreen(): () => void {
  if (focusElement(screenHeading())) return () => undefined;
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return () => undefined;
  focusElement(main);
  const observer = new MutationObserver(() => {
    // Someone moved focus on purpose meanwhile (a field that focuses itself): leave it there.
    const active = document.activeElement;
    if (active !== main && active !== document.body) observer.disconnect();
    else if (focusElement(screenHeading())) observer.disconnect();
  });
  observer.observe(main, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export function ScreenFocus({ routes }: { routes: RouteObject[] }) {
  const screen = screenOf(routes, useLocation());
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (screen === null) return;
    const previous = shown.current;
    shown.current = screen;
    if (previous === null || previous === screen || !interacted) return;
    return focusScreen();
  }, [screen]);
  return null;
}
