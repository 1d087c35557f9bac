/** Every route module of the stub, in registration order. */
import type { RouteModule } from '../server.ts';
import { register as availability } from './availability.ts';
import { register as targets } from './targets.ts';
import { register as markets } from './markets.ts';
import { register as evidence } from './evidence.ts';
import { register as forecast } from './forecast.ts';
import { register as assets } from './assets.ts';
import { register as signals } from './signals.ts';
import { register as meta } from './meta.ts';
import { register as jobs } from './jobs.ts';
import { register as social } from './social.ts';
import { register as wallets } from './wallets.ts';
import { register as portfolio } from './portfolio.ts';

export const ROUTE_MODULES: RouteModule[] = [availability, targets, markets, evidence, forecast, assets, signals, meta, jobs, social, wallets, portfolio];
