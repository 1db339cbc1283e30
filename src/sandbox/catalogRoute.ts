// POST /api/Catalog: the whole catalog with its Locations (ordering.md section 7); the storefront filters locations.
import type { SandboxCore } from './core';
import { ok } from './http';
import type { RouteTable } from './routes';

export function catalogRoutes(core: SandboxCore): RouteTable {
  return { 'POST /api/Catalog': () => ok(core.catalog.index.catalog) };
}
