import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#6c3bff';

/** The antd theme; the same brand values are CSS variables in styles/global.css for our own markup. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif",
  },
  components: {
    Button: { fontWeight: 500 },
  },
};
