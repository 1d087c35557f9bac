/** Public API of the stub's control plane (contract/control.yaml) and upstream fault injection. */
export { registerControlPlane } from './plane.ts';
export { FaultTable } from './faults.ts';
