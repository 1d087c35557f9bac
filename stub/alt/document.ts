/**
 * The machine-readable contract the alternate stub serves (spec: Versioning rule 2): the reference
 * document with the alternate stub's choices written in, so a client (and the harness's drift check)
 * reads the shape the alternate stub answers. Each flip that changes a served part registers its edit
 * here, guarded by its own `alt('GAP-ID')` (stub/variant.ts); the main stub serves the document as it is.
 *
 * The edits are per area (one module each, `stub/alt/doc-<area>.ts`), listed in EDITS below.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { stubVariant } from '../variant.ts';
import { editMarketsDocument } from './doc-markets.ts';
import { editPortfolio } from './doc-portfolio.ts';
import { editSocial } from './doc-social.ts';
import { editWallets } from './doc-wallets.ts';
import { jobsEdits } from './doc-jobs.ts';
import { lookupsEdits } from './doc-lookups.ts';

/** Edits one deep copy of the served document in place; each is guarded by its own `alt(...)` calls. */
export type DocumentEdit = (doc: OpenAPIV3_1.Document) => void;

/** Every area's edits, in order. */
const EDITS: DocumentEdit[] = [editMarketsDocument, editPortfolio, editSocial, editWallets, jobsEdits, lookupsEdits];

/** The document to serve: `doc` itself on the main stub, an edited deep copy on the alternate stub. */
export function servedDocument<T extends object>(doc: T): T {
  if (stubVariant() !== 'alt') return doc;
  const copy = structuredClone(doc);
  for (const edit of EDITS) edit(copy as unknown as OpenAPIV3_1.Document);
  return copy;
}
