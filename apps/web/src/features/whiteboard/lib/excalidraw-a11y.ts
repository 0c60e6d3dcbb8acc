/**
 * Names and roles Excalidraw 0.18's own markup leaves out, added after it renders (axe-core found
 * them; the board must pass it like every screen): its focusable drawing surface has no name, the main menu's button has only an icon, its
 * inline colour pickers are dialogs without a name, and its zoom and undo bar claims to be the
 * page's footer (role contentinfo) from inside our dialog or the call's region, and its reset-zoom
 * button shows "100%" but is named "Reset zoom" (WCAG 2.5.3, label in name: someone using voice
 * control says what they see). React leaves attributes it does not manage alone, so setting them
 * once per element holds; a MutationObserver catches the parts Excalidraw mounts later (a picker
 * opening, the phone layout) and the zoom's text as it changes.
 */

const FIXES: { selector: string; apply(el: Element): void }[] = [
  {
    // The focusable surface its single-key tools listen on: named, and a screen reader passes
    // those keys through to it rather than reading the page.
    selector: '.excalidraw-container:not([aria-label])',
    apply: (el) => {
      el.setAttribute('role', 'application');
      el.setAttribute('aria-label', 'Drawing area');
    },
  },
  {
    // Following someone's view shows a badge whose close button is an icon alone.
    selector: '.follow-mode__disconnect-btn:not([aria-label])',
    apply: (el) => el.setAttribute('aria-label', 'Stop following'),
  },
  {
    selector: '.main-menu-trigger:not([aria-label])',
    apply: (el) => el.setAttribute('aria-label', 'Main menu'),
  },
  {
    selector: '[role="dialog"].color-picker-container:not([aria-label])',
    apply: (el) => el.setAttribute('aria-label', 'Colours'),
  },
  {
    // Its name says what it does and then what it shows, and follows the zoom as it changes.
    selector: '.reset-zoom-button',
    apply: (el) => {
      const label = `Reset zoom, ${el.textContent?.trim() ?? ''}`.replace(/, $/, '');
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    },
  },
  {
    selector: 'footer.layer-ui__wrapper__footer[role="contentinfo"]',
    apply: (el) => {
      el.setAttribute('role', 'group');
      el.setAttribute('aria-label', 'Zoom and undo');
    },
  },
];

export function patchExcalidrawA11y(root: HTMLElement): () => void {
  let queued = false;
  const fix = () => {
    queued = false;
    for (const { selector, apply } of FIXES) root.querySelectorAll(selector).forEach(apply);
  };
  fix();
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(fix);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
