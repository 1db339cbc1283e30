// How a log reaches the console: a file picked or dropped (several dropped at once: the first, and a note saying so),
// or a shared visit from the inbox.
import { useCallback, useRef, useState, type DragEvent } from 'react';
import type { ConsoleLog, OpenedShare } from './useConsoleLog';

export interface LogFiles {
  /** Said when several files were dropped at once: which one the console opened or tried. */
  readonly dropNote: string | null;
  /** Opens a file; `dropped`: how many files came with it. */
  readonly open: (file: File, dropped?: number) => Promise<void>;
  readonly openShared: (name: string, text: string, share: OpenedShare) => Promise<boolean>;
}

export function useLogFiles(openLog: ConsoleLog['openLog']): LogFiles {
  const [dropNote, setDropNote] = useState<string | null>(null);
  const open = useCallback(
    async (file: File, dropped = 1) => {
      setDropNote(null);
      // Read as it opens, a piece at a time: the file's text is never held whole.
      const opened = await openLog(file.name, file);
      // Of several files dropped at once only the first is read, and the note says which, and whether it opened.
      if (dropped <= 1) return;
      const several = `${dropped} files were dropped; the console opens one log at a time, so it `;
      setDropNote(opened ? `${several}opened ${file.name}.` : `${several}tried ${file.name}, which is not a log it can open.`);
    },
    [openLog],
  );
  const openShared = useCallback(
    (name: string, text: string, share: OpenedShare) => {
      setDropNote(null);
      return openLog(name, text, share);
    },
    [openLog],
  );
  return { dropNote, open, openShared };
}

export interface FileDrop {
  /** A file is being dragged over the console: the cue shows where it goes. */
  readonly dragging: boolean;
  readonly target: {
    readonly onDragEnter: (event: DragEvent<HTMLElement>) => void;
    readonly onDragOver: (event: DragEvent<HTMLElement>) => void;
    readonly onDragLeave: (event: DragEvent<HTMLElement>) => void;
    readonly onDrop: (event: DragEvent<HTMLElement>) => void;
  };
}

/**
 * A file dragged over the console shows where it goes; the count of enters and leaves keeps the cue on while the
 * pointer crosses the console's own parts (each fires its own enter and leave). Text dragged into the search box is
 * left to the browser. While the console is getting ready (`preparing`) a drop opens nothing.
 */
export function useFileDrop(preparing: boolean, open: LogFiles['open']): FileDrop {
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const carriesFile = (event: DragEvent<HTMLElement>) => event.dataTransfer.types.includes('Files');
  const onDragEnter = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event) || preparing) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event)) return;
    // Taken even while getting ready, so a file dropped early is not opened by the browser in place of the console.
    event.preventDefault();
    event.dataTransfer.dropEffect = preparing ? 'none' : 'copy';
  };
  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event)) return;
    dragDepth.current = Math.max(dragDepth.current - 1, 0);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event)) return;
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    // While the console is getting ready the file input is disabled too: the log would open without the time rules.
    if (preparing) return;
    const files = event.dataTransfer.files;
    const file = files[0];
    if (file) void open(file, files.length);
  };
  return { dragging, target: { onDragEnter, onDragOver, onDragLeave, onDrop } };
}
