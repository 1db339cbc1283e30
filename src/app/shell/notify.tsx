// The shared toast notifier (account-and-session.md section 2): kinds error, success and warning. react-hot-toast
// renders each toast in a polite live region, so screen readers hear them too.
import toast from 'react-hot-toast';

const WARNING_STYLE = { background: 'var(--warning-soft)', color: '#5c3d00' } as const;

export const notify = {
  success: (message: string) => toast.success(message, { id: `success:${message}` }),
  error: (message: string) => toast.error(message, { id: `error:${message}`, duration: 6000 }),
  warning: (message: string) => toast(message, { id: `warning:${message}`, icon: '\u26a0\ufe0f', style: WARNING_STYLE, duration: 6000 }),
};
