/** Built from the contract by the contract-routes plugin of web/vite.config.ts (plain data, no zod). */
declare module 'virtual:contract-routes' {
  import type { AnyRoute, OperationId } from '../../shared/src/contract';

  export interface RouteInfo {
    method: AnyRoute['method'];
    path: AnyRoute['path'];
    auth: AnyRoute['auth'];
  }
  export const routeTable: Readonly<Record<OperationId, RouteInfo>>;
}
