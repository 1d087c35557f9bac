/** Public API of the stub's control plane (contract/control.yaml) and upstream fault injection. */
export { registerControlPlane, resetStub } from './plane.ts';
export { FaultTable, applyFault, faultError, MAX_FAULT_LATENCY_MS, type Fault, type FaultSpec } from './faults.ts';
