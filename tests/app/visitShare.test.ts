// A shared visit's record in the log (src/app/runtime/visitShare.ts): VisitShared starts a share, VisitShareSent moves
// it on and never back (an answer that arrived late says less than one before it), VisitShareStopped ends it; another
// share's events, and another tab's, are not this one's. A reload resumes from exactly this record.
import { describe, expect, it } from 'vitest';
import { shareInLog } from '../../src/app/runtime/visitShare';

const shared = (shareId: string) => ({ type: 'VisitShared', data: { shareId } });
const sent = (shareId: string, throughSeq: number) => ({ type: 'VisitShareSent', data: { shareId, throughSeq } });
const stopped = (shareId: string, reason: string) => ({ type: 'VisitShareStopped', data: { shareId, reason } });

describe("a shared visit's record", () => {
  it('starts at nothing sent, moves on with each answer, never back', () => {
    expect(shareInLog([shared('s1')], 's1')).toEqual({ shareId: 's1', sentThrough: 0, stopped: null });
    expect(shareInLog([shared('s1'), sent('s1', 40), sent('s1', 12)], 's1')).toEqual({ shareId: 's1', sentThrough: 40, stopped: null });
  });

  it('ends with the reason it stopped', () => {
    expect(shareInLog([shared('s1'), sent('s1', 9), stopped('s1', 'full')], 's1')?.stopped).toBe('full');
  });

  it("reads only this share's events, and nothing before it started", () => {
    const log = [sent('s1', 5), shared('s2'), sent('s2', 30), { type: 'BagLineAdded', data: {} }, shared('s1'), sent('s1', 7)];
    expect(shareInLog(log, 's1')).toEqual({ shareId: 's1', sentThrough: 7, stopped: null });
    expect(shareInLog(log, 's2')).toEqual({ shareId: 's2', sentThrough: 30, stopped: null });
    expect(shareInLog(log, 's3')).toBeNull();
  });
});
