// Account commands (account-and-session.md sections 4, 5 and 8): sign-in, sign-up, codes, password recovery, the
// profile, logout and the text-notification prompt. Each loads the account flow (./accountFlow.ts) on first use, so
// the first page does not carry it.
import type { Outcome } from './decide/decision';
import type { FlowContext, PasswordReset, ProfileChange, Registration } from './accountFlow';
import { serialQueue, type CommandServices } from './services';

export type { PasswordReset, ProfileChange, Registration } from './accountFlow';

const loadFlow = () => import('./accountFlow');

export function accountCommands(services: CommandServices, serially = serialQueue(), alsoLoad: () => Promise<unknown> = async () => undefined) {
  const flow: FlowContext = { services, serially, alsoLoad };
  return {
    /** UserDefined mode: the username and the password; then what a signed-in start loads. */
    signIn: async (username: string, password: string): Promise<Outcome> => (await loadFlow()).signIn(flow, username, password, 'password'),
    /** OneTime mode: asks for a code; answers the next step ('verify' when sent, 'register' for a new customer). */
    sendLoginCode: async (username: string): Promise<Outcome<'verify' | 'register'>> => (await loadFlow()).sendLoginCode(flow, username),
    /** OneTime mode: signs in with the code that was sent. */
    signInWithCode: async (username: string, code: string): Promise<Outcome> => (await loadFlow()).signIn(flow, username, code.trim(), 'code'),
    register: async (details: Registration): Promise<Outcome> => (await loadFlow()).register(flow, details),
    verifyAccount: async (username: string, code: string): Promise<Outcome> => (await loadFlow()).verifyAccount(flow, username, code),
    resendCode: async (username: string, which: 'login' | 'register'): Promise<Outcome<string>> => (await loadFlow()).resendCode(flow, username, which),
    forgotPassword: async (email: string): Promise<Outcome> => (await loadFlow()).forgotPassword(flow, email),
    resetPassword: async (reset: PasswordReset): Promise<Outcome<string>> => (await loadFlow()).resetPassword(flow, reset),
    updateProfile: async (change: ProfileChange): Promise<Outcome<string>> => (await loadFlow()).updateProfile(flow, change),
    logout: async (): Promise<Outcome> => (await loadFlow()).logout(flow),
    /** The text-notification prompt's words when it is due now (once per browser), else null. */
    showTextPrompt: async (): Promise<Outcome<string | null>> => (await loadFlow()).textPrompt(flow),
  };
}

export type AccountCommands = ReturnType<typeof accountCommands>;
