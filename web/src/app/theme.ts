/**
 * The product's look (SPEC section 9): coral red primary, teal for interactive elements, through antd tokens.
 *
 * The brand shades of @dv/contracts are too light for text: white on #FF4040 is 3.5:1 and #008080 on the page's
 * grey 4.4:1, under the 4.5:1 that WCAG AA asks of normal text (axe-core's color-contrast rule, issue 12). The
 * theme uses the same hues darkened just enough; theme.test.ts checks every pairing the app draws.
 */
import { type ThemeConfig } from 'antd';

/** Coral red, THEME_COLORS.primary's hue: white button text on it is 4.9:1. */
export const PRIMARY = '#D63031';
/** Teal, THEME_COLORS.interactive's hue: as link text 5.4:1 on white and 4.9:1 on the page's #f5f5f5. */
export const INTERACTIVE = '#00777A';
/** Secondary text (antd's default is black at 45 %, 3.4:1 on white): 5.7:1 on white. */
export const TEXT_SECONDARY = '#666666';
/** Placeholders (antd's default is black at 25 %, 1.8:1): 4.5:1 on white, still lighter than typed text. */
export const TEXT_PLACEHOLDER = '#767676';
/** Errors (form messages, Delete buttons; antd's #ff4d4f is 3.3:1 on white): red-7, 5.6:1. */
export const ERROR = '#cf1322';

/**
 * Tags draw their text in shade 7 of their colour's palette on shade 1, which for the warm colours stays under
 * 4.5:1 (orange 3.3, gold 2.9, green 3.6 — the status and 'Solved'/'Unsolved' chips). Tags take a darker shade of
 * the same palette instead; the rest of the app keeps antd's palette.
 */
export const TAG_TEXT = {
  green7: '#237804',
  orange7: '#ad4e00',
  gold7: '#874d00',
  volcano7: '#ad2102',
  lime7: '#3f6600',
  yellow7: '#876800',
} as const;
/** The tag backgrounds (shade 1) those are drawn on. */
export const TAG_BACKGROUND: Record<keyof typeof TAG_TEXT, string> = {
  green7: '#f6ffed',
  orange7: '#fff7e6',
  gold7: '#fffbe6',
  volcano7: '#fff2e8',
  lime7: '#fcffe6',
  yellow7: '#feffe6',
};

/** The page's background around the white content. */
export const PAGE_BACKGROUND = '#f5f5f5';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: INTERACTIVE,
    colorInfo: INTERACTIVE,
    controlOutline: `${INTERACTIVE}33`,
    colorTextDescription: TEXT_SECONDARY,
    colorTextTertiary: TEXT_SECONDARY,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    colorError: ERROR,
  },
  components: {
    Button: {
      colorPrimaryHover: INTERACTIVE,
      colorPrimaryActive: INTERACTIVE,
      defaultHoverBorderColor: INTERACTIVE,
      defaultHoverColor: INTERACTIVE,
    },
    Input: { hoverBorderColor: INTERACTIVE, activeBorderColor: INTERACTIVE },
    Select: { hoverBorderColor: INTERACTIVE, activeBorderColor: INTERACTIVE },
    Menu: { itemHoverColor: INTERACTIVE },
    // Status tags ('success', 'warning') use the status colour as text on its light background.
    Tag: { ...TAG_TEXT, colorSuccess: TAG_TEXT.green7, colorWarning: TAG_TEXT.gold7 },
    Switch: { colorPrimary: INTERACTIVE, colorPrimaryHover: INTERACTIVE },
  },
};
