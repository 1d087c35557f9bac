/**
 * GET /api/public/forecast-targets (getForecastTargets, free): resolves a venue event or market
 * reference into forecastable targets (rules TGT-*; resolution in ./targets/resolve.ts, shape in
 * ./targets/present.ts). 422 for a malformed or unsupported ref, 404 with the ref echoed when
 * nothing matches.
 */
import type { RouteModule } from '../server.ts';
import { resolveRef } from './resolve.ts';
import { targetResolution } from './present.ts';
import { mutant } from '../mutants.ts';

export const register: RouteModule = (route) => {
  route('getForecastTargets', (req, ctx) => {
    // Mutant tgt-ref-cap-1024: refs of 1025..2048 characters are refused 422 (an off-by-half cap).
    const ref = req.query.requiredStr('ref', { max: mutant('tgt-ref-cap-1024') ? 1024 : 2048 });
    return { body: targetResolution(ref, resolveRef(ctx.store, ref)) };
  });
};
