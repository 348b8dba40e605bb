// Leaving a page with unsaved changes asks first: closing the tab or reloading
// (beforeunload, the browser's own question) and following a link on the page (our
// question, in words). Each form says whether it holds changes with useUnsavedChanges; the
// question goes once the last of them is saved or undone.
import { useEffect, useId } from 'react';

export const LEAVE_QUESTION = 'You have changes that are not saved. Leave this page and lose them?';

const dirty = new Set<string>();
// Set once the person agreed to leave by a link: the page's unload must not ask again.
let leaving = false;

function onBeforeUnload(e: BeforeUnloadEvent): void {
  if (dirty.size === 0 || leaving) return;
  e.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  e.returnValue = '';
}

/** A plain left click on a link that loads another page of this site in this tab. */
function leavesByLink(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const to = new URL(link.href, window.location.href);
  // A link within the page (#section) does not leave it.
  if (to.origin === window.location.origin && to.pathname === window.location.pathname && to.search === window.location.search) {
    return null;
  }
  return link;
}

function onClick(e: MouseEvent): void {
  if (dirty.size === 0 || !leavesByLink(e)) return;
  if (window.confirm(LEAVE_QUESTION)) {
    leaving = true;
    return;
  }
  e.preventDefault();
}

function listen(on: boolean): void {
  if (on) {
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick);
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onClick);
  }
}

/** Whether any form on the page holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return dirty.size > 0;
}

/** Marks this component's form as holding unsaved changes while `changed` is true. */
export function useUnsavedChanges(changed: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!changed) return;
    if (dirty.size === 0) {
      leaving = false;
      listen(true);
    }
    dirty.add(id);
    return () => {
      dirty.delete(id);
      if (dirty.size === 0) listen(false);
    };
  }, [changed, id]);
}
