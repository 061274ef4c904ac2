import { useMediaQuery } from '@mantine/hooks';

/** Below this width (Mantine's `sm`) a table of several columns does not fit: its rows stack as cards. */
const PHONE = '(max-width: 47.99em)';

/** Whether the screen is a phone's width, known on the first render (no table flashes before the cards). */
export const usePhone = (): boolean => useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
