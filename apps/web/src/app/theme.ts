import {
  Button,
  Combobox,
  createTheme,
  Drawer,
  Loader,
  Menu,
  Modal,
  Notification,
  Paper,
  Table,
  TextInput,
  type CSSVariablesResolver,
} from '@mantine/core';

/** The one theme of the app (DESIGN §4): dense, calm back office; light or dark follows the system. */
export const theme = createTheme({
  // Blue 8: white text on it meets WCAG AA (4.5:1); blue 7 does not (4.2:1).
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
    },
  },
  cursorType: 'pointer',
  // People who ask their system for less motion get menus and drawers without transitions.
  respectReducedMotion: true,
  components: {
    Button: Button.extend({ defaultProps: { size: 'sm' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'sm' } }),
    // Mantine 9 keeps every closed Select's option list in the DOM: the weekly schedule's 40 time and
    // law-type pickers mounted 2,000 hidden options and took about a second to render. Options are
    // made when a list opens instead.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    Loader: Loader.extend({ defaultProps: { color: 'blue' } }),
    // No focus placeholder inside menus: axe counts it as a non-item child of role="menu".
    Menu: Menu.extend({ defaultProps: { shadow: 'md', width: 200, withInitialFocusPlaceholder: false } }),
    // Mantine's close buttons have no accessible name of their own.
    Modal: Modal.extend({ defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Paper: Paper.extend({ defaultProps: { radius: 'md' } }),
    Table: Table.extend({ defaultProps: { verticalSpacing: 'xs', fz: 'sm', highlightOnHover: true } }),
  },
});

/**
 * Mantine's dimmed text (gray 6 on white, 3.3:1; dark 2 on dark 7, 4.0:1) and its error red (red 6 on
 * white, 3.3:1) are below WCAG AA for body text; these shades keep the calm look and reach 4.5:1 on the
 * page and card backgrounds (red 9: 5.5:1; field errors stay red, SPEC §5).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#646b72', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
