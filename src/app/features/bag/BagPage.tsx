// The bag page, /cart (ordering.md section 2 "Cart screen", section 4 "Cart actions" and "Inventory updates"). It
// renders the log's views and calls commands; the bag's persistence and its sharing between tabs come from the log.
import * as E from 'fp-ts/lib/Either.js';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { onlyAvailable } from '../../../domain/items/messages';
import { unusedDiscount } from '../../../events/selectors/bag';
import { useAnnounce } from '../../components/Announcer';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { useItemPanel, useOpenItemPanel } from '../../shell/ItemPanelContext';
import { useSharedParts } from '../../shell/sharedParts';
import { BagRow } from './BagRow';
import { BagSummary } from './BagSummary';
import { DiscountRow } from './DiscountRow';
import './bag.css';
import { useBusinessWords } from '../../hooks/useBusinessWords';

export const EMPTY_BAG = 'Your bag is currently empty.';

export function BagPage() {
  const views = useViews();
  const words = useBusinessWords();
  const commands = useCommands();
  const announce = useAnnounce();
  const { editLine } = useItemPanel();
  // Whether the location is open, before checkout asks for anything (loaded on demand, as the time rules are).
  const { OpenStatus } = useSharedParts();
  const bag = useView(views.bag);
  const clamp = useStateSlice((s) => s.warnings.clamp);
  const discount = useStateSlice((s) => s.bag.discount);
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  // A string, so the slice is the same value while nothing changed.
  const needs = useStateSlice((s) => unusedDiscount(s, bag)?.needs ?? null);
  const warnings = useView(views.warnings);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle('Bag');
  // Messages from a plus that hit the stock, by line key, until that line changes.
  const [refused, setRefused] = useState<Readonly<Record<string, { quantity: number; message: string }>>>({});
  // Quantities asked for but not yet in the log, so quick taps on plus or minus each count.
  const asked = useRef(new Map<string, number>());

  // Warnings raised while the page is open are said aloud (the shell toasts them as well).
  const openedAt = useRef(views.state.get().log.lastSeq);
  const announced = useRef(openedAt.current);
  useEffect(() => {
    const fresh = warnings.filter((w) => w.seq > announced.current);
    if (fresh.length === 0) return;
    announced.current = Math.max(...fresh.map((w) => w.seq));
    announce(fresh.map((w) => w.message).join(' '));
  }, [warnings, announce]);
  const removedNotice = warnings.find((w) => w.kind === 'removed' && w.seq > openedAt.current)?.message;

  // A stock clamp shows on its row while the line still holds the clamped quantity.
  const rowWarnings = useMemo(() => {
    const byKey = new Map<string, string>();
    for (const c of clamp?.lines ?? []) {
      const line = bag.lines.find((l) => l.line.key === c.key);
      if (line && line.line.quantity === c.to) byKey.set(c.key, onlyAvailable(c.to));
    }
    for (const [key, r] of Object.entries(refused)) {
      const line = bag.lines.find((l) => l.line.key === key);
      if (line && line.line.quantity === r.quantity) byKey.set(key, r.message);
    }
    return byKey;
  }, [clamp, bag.lines, refused]);

  // A row that disappears takes focus with it; the heading takes it instead of the page's top. When the row went
  // from the item panel, the panel closes first (and finds its opener gone): the heading waits for it to close.
  const panelOpen = useOpenItemPanel() !== null;
  const lineCount = bag.lines.length;
  const previousCount = useRef(lineCount);
  const focusLost = useRef(false);
  useEffect(() => {
    if (lineCount < previousCount.current) focusLost.current = true;
    previousCount.current = lineCount;
    if (!focusLost.current || panelOpen) return;
    focusLost.current = false;
    if (document.activeElement === null || document.activeElement === document.body) headingRef.current?.focus();
  }, [lineCount, panelOpen]);

  const removed = (name: string) => announce(`Removed ${name} from your bag`);

  const changeQuantity = async (key: string, name: string, from: number, delta: number) => {
    const wanted = Math.max(0, (asked.current.get(key) ?? from) + delta);
    asked.current.set(key, wanted);
    const result = await commands.changeQuantity(key, wanted);
    if (asked.current.get(key) === wanted) asked.current.delete(key);
    if (E.isLeft(result)) {
      asked.current.delete(key);
      setRefused((r) => ({ ...r, [key]: { quantity: from, message: result.left } }));
      announce(result.left);
      return;
    }
    if (wanted === 0) removed(name);
  };

  const removeLine = async (key: string, name: string) => {
    const result = await commands.removeLine(key);
    if (E.isRight(result)) removed(name);
  };

  const removeDiscount = async () => {
    const result = await commands.removeDiscount();
    if (E.isRight(result)) announce('Removed the discount from your bag');
  };

  const empty = bag.lines.length === 0;

  return (
    <div className="bag-page container">
      <h1 className="bag-title" ref={headingRef} tabIndex={-1}>
        Bag
      </h1>
      {empty ? null : (
        <Suspense fallback={null}>
          <OpenStatus withNotice />
        </Suspense>
      )}
      {removedNotice ? (
        // Said aloud once by the announcer above (a status region here would say it a second time).
        <p className="notice notice-warning">{removedNotice}</p>
      ) : null}
      {empty ? (
        <div className="bag-empty card">
          <svg className="bag-empty-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <path d="M12 16h24l-2 24H14z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
            <path d="M18 20v-6a6 6 0 0 1 12 0v6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <p className="bag-empty-message">{EMPTY_BAG}</p>
          <p className="bag-empty-hint muted">{words.emptyBagHint}</p>
          <Link to="/" className="btn btn-primary">
            Start shopping
          </Link>
          {discount ? <DiscountRow discount={discount} currency={bag.currency} needs={needs} onRemove={() => void removeDiscount()} /> : null}
        </div>
      ) : (
        <div className="bag-layout">
          <section className="bag-lines card" aria-label="Items in your bag">
            {bag.problems.length > 0 ? <p className="notice notice-danger">Some items could not be priced: {bag.problems.join('; ')}</p> : null}
            <ul className="bag-list">
              {bag.lines.map((entry) => (
                <BagRow
                  key={entry.line.key}
                  entry={entry}
                  currency={bag.currency}
                  warning={rowWarnings.get(entry.line.key)}
                  onQuantity={(q) => void changeQuantity(entry.line.key, entry.itemName, entry.line.quantity, q - entry.line.quantity)}
                  onEdit={() => editLine(entry.line.key)}
                  onRemove={() => void removeLine(entry.line.key, entry.itemName)}
                />
              ))}
            </ul>
            <Link to="/" className="btn btn-link bag-continue">
              Continue shopping
            </Link>
          </section>
          <BagSummary
            preview={bag.preview}
            currency={bag.currency}
            discount={discount}
            discountNeeds={needs}
            signedIn={signedIn}
            onRemoveDiscount={() => void removeDiscount()}
          />
        </div>
      )}
    </div>
  );
}
