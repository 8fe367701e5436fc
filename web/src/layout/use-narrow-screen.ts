/**
 * Whether the window is narrower than antd's `md` breakpoint (768 px): phones get the compact frame (the left
 * menu in a drawer, a wrapping header). Read from one media query, so the answer is there on the first render
 * and follows a rotated phone or a resized window.
 */
import { theme } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';

export function narrowScreenQuery(mdMinWidth: number): string {
  return `(max-width: ${mdMinWidth - 1}px)`;
}

export function useNarrowScreen(): boolean {
  const { token } = theme.useToken();
  const query = narrowScreenQuery(token.screenMDMin);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
