/**
 * antd v5 renders its static pieces (the click wave, static Modal/message) with ReactDOM.render, which
 * React 19 removed. antd's documented hook for this is `unstableSetRender`; this is what the
 * `@ant-design/v5-patch-for-react-19` package does, without adding the dependency.
 */
import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __tracklineRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__tracklineRoot ??= createRoot(container);
  const root = container.__tracklineRoot;
  root.render(node);
  return async () => {
    // Let antd finish its close animation bookkeeping before the root goes away.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__tracklineRoot;
  };
});
