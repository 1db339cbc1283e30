// A tap on the returning guest's page copy (pageCopy.ts) waits for the app instead of vanishing. index.html's body
// script keeps each tap on a link or button of the copy (window.__countertopCopyTaps: the element and the address it
// was on) and holds back what the browser would do with it; once the app's page has painted in the copy's place
// (FirstPageShown), each is replayed there once, in the order tapped:
// - a link, by its address: the app's link to the same address is followed, or the app opens that address;
// - a button, by its accessible name and its place (the heading of the card or section it is in, and which of the
//   buttons of that name there it is): the app's button at the same place on the same page is pressed.
// A tap that has no counterpart (the page has moved on, the button is gone or disabled) is dropped, saying nothing:
// the shopper sees the app's page as it is, and taps again. A tap repeated on the copy (nothing seemed to happen)
// counts once. Nothing is typed into the copy: its form fields are not live (pageCopy.ts).

declare global {
  interface Window {
    /** The taps index.html's body script kept on the page copy, in order. */
    __countertopCopyTaps?: { readonly target: Element; readonly path: string }[];
  }
}

/** What identifies a tap on the copy. */
export type CopyTap =
  | { readonly kind: 'link'; readonly to: string }
  | { readonly kind: 'button'; readonly path: string; readonly name: string; readonly place: string; readonly nth: number };

/** A button as the matching reads it: what it is called and where it is. */
export interface ButtonSeen {
  readonly name: string;
  readonly place: string;
}

/** At most this many different taps wait for the app: a shopper who taps more is tapping at random. */
export const MAX_COPY_TAPS = 8;

/** A name as a person reads it: runs of white space are one space, none at either end. */
export function readName(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const tapKey = (tap: CopyTap) => JSON.stringify(tap);

/** The taps to replay: each once, in the order first tapped, at most MAX_COPY_TAPS. */
export function tapsToReplay(taps: readonly CopyTap[]): CopyTap[] {
  const seen = new Set<string>();
  const kept: CopyTap[] = [];
  for (const tap of taps) {
    const key = tapKey(tap);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tap);
    if (kept.length === MAX_COPY_TAPS) break;
  }
  return kept;
}

/** The tap on `buttons[index]` of a page at `path`: which of the buttons of its name at its place it is. */
export function buttonTap(path: string, buttons: readonly ButtonSeen[], index: number): CopyTap | null {
  const button = buttons[index];
  if (button === undefined || button.name === '') return null;
  const nth = buttons.slice(0, index).filter((other) => other.name === button.name && other.place === button.place).length;
  return { kind: 'button', path, name: button.name, place: button.place, nth };
}

/** The index in `buttons` (a page at `path`) of the button `tap` was on, or null when the page has none there. */
export function matchButton(tap: Extract<CopyTap, { kind: 'button' }>, path: string, buttons: readonly ButtonSeen[]): number | null {
  if (tap.path !== path) return null;
  let nth = 0;
  for (const [index, button] of buttons.entries()) {
    if (button.name !== tap.name || button.place !== tap.place) continue;
    if (nth === tap.nth) return index;
    nth += 1;
  }
  return null;
}

/** The app's page as the replay uses it. */
export interface ReplayPage<B, L> {
  /** The address's path now. */
  readonly path: () => string;
  /** The page's buttons a shopper can press, in document order, each as read and as pressed. */
  readonly buttons: () => readonly (ButtonSeen & { readonly button: B })[];
  /** The page's link to `to`, if it shows one. */
  readonly link: (to: string) => L | null;
  readonly press: (target: B | L) => void;
  /** Opens `to` in the app, without a link of its own on the page. */
  readonly open: (to: string) => void;
  /**
   * Resolves true once the page has changed (a part loaded on demand has rendered), false when it will not be
   * waited for any longer (the replay's time is up, or the shopper has started tapping the app's page).
   */
  readonly changed: () => Promise<boolean>;
}

/**
 * Replays each tap once, in order, on the page as it stands at its turn; returns how many had a counterpart. A
 * button not on the page yet is waited for while the page changes (a part of it may still be loading), as long as
 * the page lets it (`changed`).
 */
export async function replayTaps<B, L>(taps: readonly CopyTap[], page: ReplayPage<B, L>): Promise<number> {
  let replayed = 0;
  for (const tap of tapsToReplay(taps)) {
    if (tap.kind === 'link') {
      const link = page.link(tap.to);
      if (link === null) page.open(tap.to);
      else page.press(link);
      replayed += 1;
      continue;
    }
    let index = matchButton(tap, page.path(), page.buttons());
    while (index === null && page.path() === tap.path && (await page.changed())) index = matchButton(tap, page.path(), page.buttons());
    if (index === null) continue;
    page.press(page.buttons()[index]!.button);
    replayed += 1;
  }
  return replayed;
}

// The page's side: reading taps, buttons and links from the copy and from the app's page alike.

/** The cards and sections whose heading (or label) names a place on the page. */
const PLACES = 'article, section, nav, aside, header, main, form, li, [role="group"], [role="region"]';

/** A button's accessible name as the copy and the app's page both give it: its label, or its text. */
function nameOf(button: Element): string {
  return readName(button.getAttribute('aria-label') ?? button.textContent ?? '');
}

/** The label of the nearest card or section around `element` that has one (its aria-label, or its first heading). */
function placeOf(element: Element, root: Element): string {
  for (let at = element.parentElement; at !== null && at !== root; at = at.parentElement) {
    if (!at.matches(PLACES)) continue;
    const label = readName(at.getAttribute('aria-label') ?? at.querySelector('h1, h2, h3, h4, h5, h6')?.textContent ?? '');
    if (label !== '') return label;
  }
  return '';
}

const readButtons = (buttons: readonly Element[], root: Element): ButtonSeen[] =>
  buttons.map((button) => ({ name: nameOf(button), place: placeOf(button, root) }));

/** The address a link of this site opens (path, query and fragment), or null for another site's. */
function linkTo(link: HTMLAnchorElement): string | null {
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

/** What identifies the tap on `target`, a link or button of the copy `copy` at `path`. */
function tapOn(target: Element, path: string, copy: Element): CopyTap | null {
  if (target instanceof HTMLAnchorElement) {
    const to = linkTo(target);
    return to === null ? null : { kind: 'link', to };
  }
  const buttons = [...copy.querySelectorAll('button')];
  return buttonTap(path, readButtons(buttons, copy), buttons.indexOf(target as HTMLButtonElement));
}

/** The taps kept on the copy so far, as what identifies each; they are taken once (a second call has none). */
export function takeCopyTaps(holder: Pick<Window, '__countertopCopyTaps'> = window): CopyTap[] {
  return (holder.__countertopCopyTaps?.splice(0) ?? []).flatMap(({ target, path }) => {
    // The copy may have left the page already (its deadline): its elements still hang together.
    let copy = target;
    while (copy.parentElement !== null && copy.id !== 'page-copy') copy = copy.parentElement;
    const tap = tapOn(target, path, copy);
    return tap === null ? [] : [tap];
  });
}

/** How long the replay waits, at most, for the app's page to show what was tapped (a part loaded on demand). */
export const REPLAY_WAIT_MS = 3000;

/**
 * Replays `taps` on the app's page in `root`. What the copy leaves out (`leftOut`: the footer, the open status) is
 * not where a tap on it landed. `open` opens an address in the app (replacing the history entry when it is this one).
 * Once the shopper taps or types on the app's page, what is left of the replay is dropped: they have moved on.
 */
export async function replayCopyTaps(taps: readonly CopyTap[], root: Element, leftOut: string, open: (to: string, replace: boolean) => void): Promise<void> {
  if (taps.length === 0) return;
  const shown = (element: Element) => element.closest(leftOut) === null;
  const here = () => window.location.pathname + window.location.search + window.location.hash;
  const until = performance.now() + REPLAY_WAIT_MS;
  let shopperActed = false;
  const acted = (event: Event) => {
    if (event.isTrusted) shopperActed = true;
  };
  document.addEventListener('pointerdown', acted, true);
  document.addEventListener('keydown', acted, true);
  try {
    await replayTaps<HTMLButtonElement, HTMLAnchorElement>(taps, {
      path: () => window.location.pathname,
      buttons: () => {
        const buttons = [...root.querySelectorAll('button')].filter(shown);
        return readButtons(buttons, root).map((seen, index) => ({ ...seen, button: buttons[index]! }));
      },
      link: (to) =>
        [...root.querySelectorAll('a[href]')].find(
          (link): link is HTMLAnchorElement => link instanceof HTMLAnchorElement && shown(link) && linkTo(link) === to,
        ) ?? null,
      press: (target) => {
        if (shopperActed) return;
        // A button the app shows disabled (sold out, busy) does nothing, as a tap on it would.
        if (target instanceof HTMLButtonElement && target.disabled) return;
        if (target.getAttribute('aria-disabled') === 'true') return;
        // As a tap does: the button or link takes the focus (the copy's, if it had it, went with the copy), then acts.
        target.focus({ preventScroll: true });
        target.click();
      },
      open: (to) => {
        if (!shopperActed) open(to, to === here());
      },
      changed: () => pageChanged(root, until - performance.now(), () => shopperActed),
    });
  } finally {
    document.removeEventListener('pointerdown', acted, true);
    document.removeEventListener('keydown', acted, true);
  }
}

/** True at the next change under `root`; false after `wait` ms, or when `stop()` says so at either. */
function pageChanged(root: Element, wait: number, stop: () => boolean): Promise<boolean> {
  if (wait <= 0 || stop()) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (changed: boolean) => {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve(changed && !stop());
    };
    const observer = new MutationObserver(() => finish(true));
    observer.observe(root, { childList: true, subtree: true });
    const timer = window.setTimeout(() => finish(false), wait);
  });
}
