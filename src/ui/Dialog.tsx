import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const PLACEMENT_CENTER = 'm-auto w-[min(32rem,calc(100vw-2rem))] rounded-sf';
const PLACEMENT_END = 'ms-auto me-0 my-0 h-full max-h-full max-w-full w-[min(28rem,100vw)]';
const PLACEMENT_START = 'me-auto ms-0 my-0 h-full max-h-full max-w-full w-[min(20rem,100vw)]';
const PLACEMENTS = { center: PLACEMENT_CENTER, end: PLACEMENT_END, start: PLACEMENT_START } as const;

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** A forced choice: neither Escape nor a click on the backdrop closes it. */
  staticBackdrop?: boolean;
  /** Exposed as `::part(<part>)` on the element. */
  part?: string;
  className?: string;
  /** 'end': a full-height side panel at the inline end (the cart drawer); 'start': at the inline start (the side menu). */
  placement?: 'center' | 'end' | 'start';
  /** Controls beside the title, outside the heading (so they are not part of the dialog's name). */
  headerActions?: ReactNode;
  /**
   * The title takes the focus on opening, so a screen reader starts at the top and the keyboard
   * does not land on the first control (e.g. Clear Cart); otherwise the browser focuses the first control.
   */
  focusTitle?: boolean;
}

/**
 * A modal on the native <dialog>: the top layer keeps it above any host page
 * z-index, the rest of the page is inert, Escape closes it, focus wraps inside
 * and returns to the opener on close.
 */
export function Dialog({
  open, title, onClose, children, staticBackdrop = false, part = 'dialog', className = '', placement = 'center', headerActions, focusTitle = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const wantedOpen = useRef(open);
  wantedOpen.current = open;
  /** Set while this component closes the dialog itself, so its close event is not taken for the browser's. */
  const closingItself = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (focusTitle) titleRef.current?.focus();
    }
    if (!open && dialog.open) {
      closingItself.current = true;
      dialog.close();
    }
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current || event.defaultPrevented) return; // a nested dialog wrapped it already
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = (ref.current.getRootNode() as ShadowRoot).activeElement;
    if (!first || !last) return;
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      part={part}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        // React passes a nested dialog's cancel up the tree: only this dialog's own Escape closes it.
        if (event.target === ref.current && !staticBackdrop) onClose();
      }}
      onClose={(event) => {
        // Chromium closes a dialog on Escape without a cancelable cancel event when the page had no user
        // activation yet: a forced choice reopens, any other dialog tells its owner it closed.
        const dialog = ref.current;
        if (!dialog || event.target !== dialog) return;
        if (closingItself.current) {
          closingItself.current = false;
          return;
        }
        // The close event comes a task later: a dialog reopened meanwhile stays open.
        if (dialog.open || !wantedOpen.current) return;
        if (staticBackdrop) dialog.showModal();
        else onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !staticBackdrop) onClose();
      }}
      className={`${PLACEMENTS[placement]} bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50 ${className}`}
    >
      {open && (
        <div className="flex flex-col gap-4 p-6">
          <div className="flex items-center gap-3">
            <h2 id={titleId} ref={titleRef} tabIndex={focusTitle ? -1 : undefined} className="m-0 flex-1 text-lg font-semibold">
              {title}
            </h2>
            {headerActions}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
