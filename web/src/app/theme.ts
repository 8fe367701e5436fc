/** The product's look (SPEC section 9): coral red primary, teal for interactive elements, through antd tokens. */
import { THEME_COLORS } from '@dv/contracts';
import { type ThemeConfig } from 'antd';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: THEME_COLORS.primary,
    colorLink: THEME_COLORS.interactive,
    colorInfo: THEME_COLORS.interactive,
    controlOutline: `${THEME_COLORS.interactive}33`,
  },
  components: {
    Button: {
      colorPrimaryHover: THEME_COLORS.interactive,
      colorPrimaryActive: THEME_COLORS.interactive,
      defaultHoverBorderColor: THEME_COLORS.interactive,
      defaultHoverColor: THEME_COLORS.interactive,
    },
    Input: { hoverBorderColor: THEME_COLORS.interactive, activeBorderColor: THEME_COLORS.interactive },
    Select: { hoverBorderColor: THEME_COLORS.interactive, activeBorderColor: THEME_COLORS.interactive },
    Menu: { itemHoverColor: THEME_COLORS.interactive },
    Switch: { colorPrimary: THEME_COLORS.interactive, colorPrimaryHover: THEME_COLORS.interactive },
  },
};
