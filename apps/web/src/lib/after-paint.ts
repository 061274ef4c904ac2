import { useEffect, useState } from 'react';

/**
 * True from the render after the frame that showed `shown` has been painted. What a screen renders
 * only then (its chunk asked for then) shares neither the main thread nor the network with that
 * first paint: on a phone the paint comes first, and the rest follows it (docs/decisions/020).
 */
export function useAfterPaint(shown: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!shown || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, painted]);
  return painted;
}
