/** Every route module of the stub, in registration order. */
import type { RouteModule } from '../server.ts';
import { register as availability } from '../availability/routes.ts';
import { register as targets } from '../targets/routes.ts';
import { register as markets } from '../markets/routes.ts';
import { register as evidence } from '../evidence/routes.ts';
import { register as forecast } from '../markets/forecast.ts';
import { register as assets } from '../assets/routes.ts';
import { register as signals } from '../signals/routes.ts';
import { register as meta } from './meta.ts';
import { register as jobs } from '../jobs/routes.ts';
import { register as social } from '../social/routes.ts';
import { register as wallets } from '../wallets/routes.ts';
import { register as portfolio } from '../wallets/portfolio.ts';

export const ROUTE_MODULES: RouteModule[] = [
  availability,
  targets,
  markets,
  evidence,
  forecast,
  assets,
  signals,
  meta,
  jobs,
  social,
  wallets,
  portfolio,
];
