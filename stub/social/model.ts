/**
 * Types of the social-research side of the stub (spec: Endpoints / POST /api/v1/x/profile, the
 * Social-account profile resource, and POST /api/v1/x/search). Times are epoch ms.
 */
import type { EpochMs } from '../data/model.ts';

export const FOCUSES = ['general', 'trading', 'reasoning'] as const;
export type Focus = (typeof FOCUSES)[number];

/** The fixed evidence goals of the research agent (spec: POST /api/v1/x/profile, behaviour 1). */
export const GOALS = ['interests_beliefs', 'risk_trading', 'reasoning_style'] as const;
export type Goal = (typeof GOALS)[number];

export const GOAL_LABEL: Readonly<Record<Goal, string>> = {
  interests_beliefs: 'interests and beliefs',
  risk_trading: 'risk and trading behaviour',
  reasoning_style: 'reasoning style',
};

export type Stance = 'bullish' | 'bearish' | 'watching' | 'skeptical';
/** What a post says about positions and losses (evidence for risk and trading behaviour). */
export type RiskMarker = 'buy' | 'fade' | 'wait' | 'size_small' | 'size_large' | 'cut_loss' | 'average_down' | 'hold_long';
/** How a post reasons (evidence for reasoning style). */
export type ReasoningMarker = 'signal' | 'data' | 'base_rates' | 'updates' | 'narrative';

/** One post of an account's corpus, classified once so research and synthesis stay deterministic. */
export interface CorpusPost {
  id: string;
  url: string;
  authorHandle: string;
  publishedAt: EpochMs;
  text: string;
  /** Market topic the post is about; null for chatter, which grounds nothing. */
  topic: string | null;
  /** The market driver the post names, when it names one. */
  driver: string | null;
  stance: Stance | null;
  risk: RiskMarker | null;
  reasoning: ReasoningMarker | null;
}

/** The account behind a handle, as the service knows it. */
export interface SocialAccount {
  /** The stored capitalisation (gap PROF-019). */
  handle: string;
  displayName: string | null;
  xUserId: string | null;
  isExpert: boolean;
}

/** A validated POST /api/v1/x/profile body, defaults applied. */
export interface ProfileRequest {
  /** Without the leading '@', as given. */
  handle: string;
  lookbackDays: number;
  focus: Focus;
  /** The body named no focus (so focus is its default, general). Read only by a mutant: the answer never depends on it. */
  focusDefaulted?: boolean;
}

/** A validated POST /api/v1/x/search body, defaults applied. */
export interface SearchRequest {
  query: string;
  rangeDays: number;
  /** True when the body named no range (rangeDays is the default 30). */
  rangeDefaulted?: boolean;
  limit: number;
}
