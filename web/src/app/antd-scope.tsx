/**
 * antd's ConfigProvider (theme; locale following the UI language) and App, whose modal/message instances
 * are handed to code outside React (antd-feedback). Only the parts that use antd sit inside it: a lazily
 * loaded layout route around those pages, the logged-in header actions and the staff console. The public
 * shell and the content pages without antd stay out, so a visitor's first download carries no antd.
 */
import './antd-react19';
import { App as AntdApp, ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { antdLocale, bridgeFeedbackApis, CONFIG_PROPS } from '../lib/antd-feedback';

function FeedbackBridge() {
  const { modal, message } = AntdApp.useApp();
  useEffect(() => bridgeFeedbackApis(modal, message), [modal, message]);
  return null;
}

export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} {...CONFIG_PROPS}>
      {/* No wrapper element: the shell's #root carries the base font and colour (global.css). */}
      <AntdApp component={false}>
        <FeedbackBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

/** The layout route around the pages that use antd components. */
export default function AntdScopeLayout() {
  return (
    <AntdScope>
      <Outlet />
    </AntdScope>
  );
}
