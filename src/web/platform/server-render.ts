import { useSyncExternalStore } from 'react';

const nothingToFollow = () => () => undefined;

/**
 * True while rendering on the server (the signed-in home's HTML, ADR 025), false in the browser. That HTML is
 * not hydrated but replaced by the app's first render: a control in it that takes input (a file picked, text
 * typed) would lose it at the swap, so such a control is disabled there and comes alive with the app.
 */
export function useServerRender(): boolean {
  return useSyncExternalStore(
    nothingToFollow,
    () => false,
    () => true,
  );
}
