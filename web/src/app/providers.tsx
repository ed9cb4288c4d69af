/**
 * App-wide providers: the query cache, antd's ConfigProvider (locale follows the UI language) and
 * antd's App, whose modal/message instances are handed to code outside React (the API client).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setFeedbackApis } from '../lib/antd-feedback';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

function FeedbackBridge() {
  const { modal, message } = AntdApp.useApp();
  useEffect(() => setFeedbackApis(modal, message), [modal, message]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      {/* autoInsertSpace off: antd would render 登录 as "登 录", which is not what readers or tests expect. */}
      <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={theme} button={{ autoInsertSpace: false }}>
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
