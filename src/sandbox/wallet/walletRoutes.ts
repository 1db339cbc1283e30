import type { SandboxCore } from '../core';
import type { RouteTable } from '../routes';

export function walletRoutes(_core: SandboxCore): RouteTable {
  return {};
}
