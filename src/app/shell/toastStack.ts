// Where the toasts live in the browser's top layer, and how they are raised above a dialog that opened after them.
// Kept apart from ToastLayer so dialogs can raise toasts without bringing react-hot-toast onto the first page.

let layer: HTMLElement | null = null;

/** Moves the toasts above whatever was last put in the top layer (called by Dialog after showModal). */
export function raiseToasts(): void {
  if (!layer || typeof layer.showPopover !== 'function') return;
  if (layer.matches(':popover-open')) layer.hidePopover();
  layer.showPopover();
}

/** ToastLayer registers its element while mounted; returns the unregistration. */
export function registerToastLayer(element: HTMLElement | null): () => void {
  layer = element;
  raiseToasts();
  return () => {
    if (layer === element) layer = null;
  };
}
