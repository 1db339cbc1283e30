import type { SandboxCore } from '../core';
import type { RouteTable } from '../routes';

export function accountRoutes(_core: SandboxCore): RouteTable {
  return {};
}
