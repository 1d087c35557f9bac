/** Routes of this resource group; see docs/ARCHITECTURE.md for the operationIds. */
import type { RouteModule } from '../server.ts';

export const register: RouteModule = (_route, _ctx) => {};
