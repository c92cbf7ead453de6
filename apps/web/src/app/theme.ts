import { createTheme, Notification, type CSSVariablesResolver, type DrawerProps, type ModalProps } from '@mantine/core';
import { SIDEBAR_OVERLAY_BREAKPOINT } from '../components/layouts/breakpoints.ts';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: `${SIDEBAR_OVERLAY_BREAKPOINT / 16}em`, xl: '88em' },
  components: {
    // Toasts: the close button needs a name, and a titled toast's text (grey 6) lacks contrast.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: (_theme, props) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
    }),
    // A plain object, not Modal.extend(): importing Modal here would put it (and its scroll lock
    // and focus trap) in the first-load bundle of every page, the landing page included.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    // A dialog's title bar is not a second page banner: Mantine draws it as <header>, which outside
    // any section is a banner landmark (axe landmark-no-duplicate-banner with a modal open at load).
    ModalHeader: { defaultProps: { component: 'div' } },
    // A drawer (a row's detail, a subscription's history) likewise.
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A table that scrolls sideways on a narrow screen must be reachable by keyboard.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * Mantine's default dimmed grey and its "light" variant text (shade 6) fall below the 4.5:1
 * contrast minimum on white and on their tinted backgrounds; darker shades pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    // Field errors and the required asterisk (red 6 is 3.5:1 on white).
    '--mantine-color-error': t.colors.red[8]!,
    ...Object.fromEntries(Object.entries(t.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, shades[9]!])),
  },
  dark: {},
});
