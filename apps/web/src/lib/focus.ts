import { useCallback } from 'react';

// Where keyboard focus goes when what had it disappears (a button that closed its form, a notice that
// was dismissed, a screen that was left). Left alone the browser puts it on the page body, and the
// next Tab starts over from a leftover point of the old page. The one rule of the web app: after a
// screen change focus is on the new screen's heading (app/screen-focus.tsx); after an action on its
// result: the message that reports it, the field or row it changed, or the next control.

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses an element that is not a control itself (a heading, a message): focusable by script only. */
export function focusElement(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  if (!element.matches(TABBABLE) && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
  return document.activeElement === element;
}

/** Focuses the first control after `element` in the page's order that is shown, as Tab would from it. */
export function focusNextAfter(element: Element): void {
  for (const candidate of document.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (element.contains(candidate)) continue;
    if (!(element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (!candidate.checkVisibility({ visibilityProperty: true })) continue;
    if (focusElement(candidate)) return;
  }
}

/** A ref that focuses its element once, when it is first attached (a field that appears as an answer). */
export function useFocusWhenShown<T extends HTMLElement>() {
  return useCallback((element: T | null) => {
    element?.focus();
  }, []);
}

/** The screen's own heading, or its main region while the screen is still loading. */
export function screenHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}
