/**
 * A ref callback that keeps the element under `key` in the map `elements` holds while it is mounted and drops it
 * after, so a list can focus one of its rows again after React moved or re-rendered it. It takes the ref, not
 * its map: the map is only read when React calls back, never while rendering.
 */
export function refIn<K, E extends HTMLElement>(
  elements: { readonly current: Map<K, E> },
  key: K,
): (element: E | null) => void {
  return (element) => {
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  };
}
