/**
 * The alternate stub's document edits for the free lookups and the stored-forecast read
 * (stub/alt/document.ts): the generation object's authentication member (gap AVAIL-042), where the
 * forecast-targets 404 echoes the ref (gap TGT-034), the venue_a children's member names (gap TGT-047)
 * and the read's shape (gap FCST-016), each guarded by its own flip.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { alt } from '../variant.ts';
import type { DocumentEdit } from './document.ts';

type Node = Record<string, unknown>;

const schema = (doc: OpenAPIV3_1.Document, name: string): Node | undefined => doc.components?.schemas?.[name] as Node | undefined;

/** generation.authenticationHeader, one string, instead of authentication {type, name}. */
function authenticationHeader(doc: OpenAPIV3_1.Document): void {
  const props = schema(doc, 'AvailabilityGeneration')?.properties as Node | undefined;
  if (!props) return;
  delete props.authentication;
  props.authenticationHeader = { type: 'string', description: 'The authentication header name (x-service-api-key).' };
}

/** The 404 of forecast-targets echoes the ref in details.ticker. */
function nestedTicker(doc: OpenAPIV3_1.Document): void {
  const res = (doc.paths?.['/api/public/forecast-targets']?.get?.responses as Node | undefined)?.['404'] as Node | undefined;
  const media = (res?.content as Node | undefined)?.['application/json'] as Node | undefined;
  const body = media?.schema as Node | undefined;
  if (!body) return;
  body.required = ['details'];
  body.properties = {
    details: {
      type: 'object',
      required: ['ticker'],
      properties: { ticker: { type: 'string', description: 'Echoes the unresolved reference.' } },
    },
  };
}

/** A venue_a child: {question, outcomeLabel, bestBid, bestAsk, venueMarketId, generation}. */
function venueAChildren(doc: OpenAPIV3_1.Document): void {
  const props = schema(doc, 'TargetResolutionVenueA')?.properties as Node | undefined;
  if (!props) return;
  const child = {
    type: 'object',
    properties: {
      question: { type: 'string' },
      outcomeLabel: { type: 'string' },
      bestBid: { type: 'number' },
      bestAsk: { type: 'number' },
      venueMarketId: { type: 'string', description: 'The numeric venue_a market id.' },
      generation: (schema(doc, 'ChildMarket')?.properties as Node | undefined)?.generation ?? { type: 'object' },
    },
  };
  props.selectedMarket = child;
  props.markets = { type: 'array', items: child };
}

/** The read answers the stored forecast's members at the top level, beside market (history only when asked for). */
function flatRead(doc: OpenAPIV3_1.Document): void {
  const read = schema(doc, 'MarketForecastResponse');
  if (read)
    read.description =
      "The stored forecast's own members (id, probability, created_at, reasoning, sources, uncertainty, drawdown_risk_72h) beside market, and history when history=true.";
}

/** The edits of this area, each applied only when its flip is served. */
export const lookupsEdits: DocumentEdit = (doc) => {
  if (alt('AVAIL-042')) authenticationHeader(doc);
  if (alt('TGT-034')) nestedTicker(doc);
  if (alt('TGT-047')) venueAChildren(doc);
  if (alt('FCST-016')) flatRead(doc);
};
