/**
 * Tells a bundled bin that its start is over, so that it may write its start-up code cache
 * (`@toolsmith/bundle`, docs/adr/0025-start-up-code-cache.md): the first `tools/list` or `tools/call`
 * answer has run every function a start runs. The bin's guard installs the hook; anywhere else
 * (tests, a server run from source) there is none and this does nothing.
 */
const STARTUP_READY = Symbol.for('toolsmith.startupReady');

export function signalStartupReady(): void {
  const holder = globalThis as { [STARTUP_READY]?: unknown };
  const hook = holder[STARTUP_READY];
  if (typeof hook !== 'function') return;
  delete holder[STARTUP_READY];
  // After the answer is on its way: the SDK writes it in the microtasks that follow the handler.
  setImmediate(hook as () => void);
}
