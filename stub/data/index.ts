/** Public API of the stub's deterministic dataset: model types, the generator and the indexed store. */
export type * from './model.ts';
export { VENUES } from './model.ts';
export { generateDataset } from './generate.ts';
export { DataStore, parseMarketKey } from './store.ts';
export { selectedProbability } from './quote.ts';
