import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// findBy* and waitFor poll until their condition holds; on a loaded two-core CI machine an antd page can take
// longer than the library's 1 s default to render, so they may keep polling longer before giving up.
configure({ asyncUtilTimeout: 10_000 });

// react-router and the token decoder use the Encoding API, which jsdom leaves out.
if (!('TextEncoder' in globalThis)) Object.assign(globalThis, { TextEncoder, TextDecoder });

// The verification page copies values with structuredClone, which jsdom leaves out.
if (!('structuredClone' in globalThis)) {
  Object.assign(globalThis, { structuredClone: <T,>(value: T): T => deserialize(serialize(value)) as T });
}

// antd reads media queries and observes element sizes; jsdom has neither.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd's Select defers opening and closing by a macrotask through MessageChannel, which jsdom leaves out.
if (!('MessageChannel' in globalThis)) {
  class MessageChannelStub {
    readonly port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    readonly port2 = {
      postMessage: (data: unknown) => {
        setTimeout(() => this.port1.onmessage?.({ data }), 0);
      },
    };
  }
  Object.defineProperty(globalThis, 'MessageChannel', { writable: true, value: MessageChannelStub });
}

// jsdom's getComputedStyle does not support pseudo elements; antd asks for them while measuring scrollbars.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
