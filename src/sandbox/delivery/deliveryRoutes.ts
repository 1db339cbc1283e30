import type { SandboxCore } from '../core';
import type { RouteTable } from '../routes';

export function deliveryRoutes(_core: SandboxCore): RouteTable {
  return {};
}
