import { useCallback, useState } from 'react';

/**
 * A drawer's open state: the `open` it is given (an element's `open` attribute), or its own when none
 * is given. The setter keeps its own state (when uncontrolled) and tells `onOpenChange`.
 */
export function useOpenState(controlled: boolean | undefined, onOpenChange?: (open: boolean) => void): [boolean, (open: boolean) => void] {
  const [own, setOwn] = useState(false);
  const setOpen = useCallback(
    (value: boolean) => {
      if (controlled === undefined) setOwn(value);
      onOpenChange?.(value);
    },
    [controlled, onOpenChange],
  );
  return [controlled ?? own, setOpen];
}
