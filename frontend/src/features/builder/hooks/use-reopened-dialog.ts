import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The query parameter that opens one of the builder's dialogs on arrival (`?dialog=design`). */
export const DIALOG_PARAM = 'dialog';

/**
 * A dialog's open state that starts open when the address names it: the way back from paying for an upgrade
 * started in that dialog (lib/upgrade-path.ts). The parameter then leaves the address, so a reload or a
 * shared link does not open it again.
 */
export function useReopenedDialog(name: string): [boolean, Dispatch<SetStateAction<boolean>>] {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => params.get(DIALOG_PARAM) === name);
  useEffect(() => {
    if (!params.has(DIALOG_PARAM)) return;
    const next = new URLSearchParams(params);
    next.delete(DIALOG_PARAM);
    setParams(next, { replace: true });
  }, [params, setParams]);
  return [open, setOpen];
}
