/**
 * The developer tools drawer (antd FloatButton, Drawer, Switch) shows only on the dev host: it loads there, after
 * the page, instead of riding in every production page's first JavaScript.
 */
import { lazy, Suspense } from 'react';
import { type DevToolsDrawerProps } from './dev-tools-drawer';

const LoadedDevToolsDrawer = lazy(() => import('./dev-tools-drawer').then((m) => ({ default: m.DevToolsDrawer })));
const LoadedSessionDevToolsDrawer = lazy(() =>
  import('./dev-tools-drawer').then((m) => ({ default: m.SessionDevToolsDrawer })),
);

export function LazyDevToolsDrawer(props: DevToolsDrawerProps) {
  return (
    <Suspense fallback={null}>
      <LoadedDevToolsDrawer {...props} />
    </Suspense>
  );
}

export function LazySessionDevToolsDrawer() {
  return (
    <Suspense fallback={null}>
      <LoadedSessionDevToolsDrawer />
    </Suspense>
  );
}
