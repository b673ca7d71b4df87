import '@testing-library/jest-dom/vitest';

// Mantine reads matchMedia (color scheme, useMediaQuery) and ResizeObserver (ScrollArea and others).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom logs 'not implemented' for scrollTo; Mantine's Modal and ScrollArea call it.
window.scrollTo = () => {};

// Each test starts with empty storage: the auth slice reads it when a store is created.
beforeEach(() => {
  window.localStorage.clear();
});
