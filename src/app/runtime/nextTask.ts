// A pause that lets the browser paint and handle input before the rest of a long piece of start-up work: on a phone,
// one promise chain (decode the menu, record it, open the views, render) is otherwise one task that a tap waits
// behind. scheduler.yield keeps the work's place ahead of other tasks where the browser has it; a timer elsewhere.
type YieldingScheduler = { readonly yield?: () => Promise<void> };

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { readonly scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resume) => setTimeout(resume, 0));
}
