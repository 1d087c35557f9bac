/**
 * The spend plan (issue 19): before a run sends anything, which of its paid tests the budget buys.
 * Every suite test's spend was measured on the embedded stub (measurements/request-plan.json `spend`: the
 * credits its configured principals' billed calls cost, with and without a control plane). A test
 * that costs nothing always runs. Paid tests are bought cheapest coverage first: the one judging the
 * most budget-bound rules not yet judged per credit, while it fits what is left (a weighted greedy set
 * cover), then improved by single swaps (a bought test given up when what it frees buys more rules, or as
 * many for less), so a small budget judges as many rules as it can; the others are SKIPPED "budget: not
 * in the spend plan" before they send anything. A budget-bound rule is one that no free test judges.
 * What is bought leaves room free: the largest headroom of a bought test (credits its budget holds
 * beyond what it spends: an unused reservation, a worst-case charge refunded as unbilled; whenever it
 * runs, that much must be left) and SLACK_SHARE of the budget (a test may walk a few more paid rows
 * on the day than when measured; a test that cannot afford its next call is SKIPPED whole).
 * Units: credits (1 credit = $0.001).
 */

/** Share of a finite budget the plan leaves unspent, for tests spending a little more than measured. */
export const SLACK_SHARE = 0.01;

/**
 * Headroom from which it is room, credits ($0.50, an expensive call's price); a smaller one is priced as
 * spend: cheap calls refunded as unbilled when measured (a 404 on a discovered value) may be billed on
 * the day, and several such tests would otherwise outrun the slack together.
 */
export const ROOM_FROM = 500;

/** One selected suite test as the planner sees it. */
export interface PlanCandidate {
  /** `file › title` (lib/request-plan.ts planKey). */
  key: string;
  /**
   * Credits of one run of the test's own calls (shared answers it fetched not included): measured, or an estimate
   * (`estimated`) for a test never measured.
   */
  credits: number;
  /**
   * True when `credits` is an estimate: the test was never measured (new, or its declared rules changed since), and
   * cli/spend.ts prices it as its file's dearest measured test. Left out, it is listed `unmeasured`.
   */
  estimated?: true;
  /** The shared answers it reads (suites/support/shared-answers.ts): case key → what its one fetch costs, credits. */
  shared?: Readonly<Record<string, number>>;
  /** Credits its budget held beyond what it spent, as measured: room the run must have left when it runs. */
  headroom?: number;
  /**
   * Room for a charge certain to be given back (a refusal of a status the operator declared unbilled, gap
   * BILL-013): credits the run must have left while the call is out, never priced as spend, however small.
   */
  givenBack?: number;
  /** The catalogue rules the test carries. */
  rules: readonly string[];
}

/** The plan of one run. */
export interface SpendPlan {
  /** The budget planned for, credits (Infinity: unlimited). */
  budgetCredits: number;
  /** Credits the planned paid tests cost, as measured: their own calls, and each shared answer once. */
  credits: number;
  /** Keys of the paid tests bought, in buying order. */
  bought: string[];
  /**
   * Paid tests left out, with what each would have cost on its own (its calls and the shared answers it reads);
   * `unmeasured` when its spend was never measured (then `credits` is the estimate).
   */
  left: { key: string; credits: number; unmeasured?: true }[];
  /** Budget-bound rules (no free test judges them) and how many the bought tests judge. */
  budgetBound: { rules: number; judged: number };
  /** Credits per rule family: each bought test's credits shared equally by its rules. */
  byFamily: Record<string, number>;
  /**
   * Of `credits`, the small headrooms of bought tests priced as spend (ROOM_FROM): a reserve the day may or
   * may not spend (a burst's refused calls refunded when measured), so a run spends between
   * `credits - pricedRoom` and `credits`.
   */
  pricedRoom: number;
}

const family = (id: string) => id.replace(/-\d+$/, '');

/** What buying `c` adds when the shared answers in `had` are bought already, credits. */
function costGiven(c: PlanCandidate, had: ReadonlySet<string>): number {
  let credits = c.credits;
  for (const [k, v] of Object.entries(c.shared ?? {})) if (!had.has(k)) credits += v;
  return credits;
}

const sharedKeys = (c: PlanCandidate): string[] => Object.entries(c.shared ?? {}).flatMap(([k, v]) => (v > 0 ? [k] : []));

/** A partial plan: the tests bought so far and what they spend, hold and judge. */
interface PlanState {
  bought: PlanCandidate[];
  spent: number;
  /** The largest headroom among the tests bought (room kept free). */
  room: number;
  /** Shared answers paid for. */
  had: Set<string>;
  /** Budget-bound rules judged. */
  judged: Set<string>;
}

/** What the greedy and the local search share: the budget, the bound rules and the slack. */
interface PlanContext {
  budgetCredits: number;
  bound: ReadonlySet<string>;
  slack: number;
  /** The budget buys every paid test: tests judging no new rule are bought too. */
  everything: boolean;
}

/** Buys `c` into `s`: its spend given the shared answers bought, its room, its shared answers and rules. */
function buy(s: PlanState, c: PlanCandidate, ctx: PlanContext): void {
  s.bought.push(c);
  s.spent += costGiven(c, s.had);
  s.room = Math.max(s.room, c.headroom ?? 0);
  for (const k of sharedKeys(c)) s.had.add(k);
  for (const id of c.rules) if (ctx.bound.has(id)) s.judged.add(id);
}

/** A state holding `tests`, bought in their order. */
function stateOf(tests: readonly PlanCandidate[], ctx: PlanContext): PlanState {
  const s: PlanState = { bought: [], spent: 0, room: 0, had: new Set(), judged: new Set() };
  for (const c of tests) buy(s, c, ctx);
  return s;
}

/**
 * Extends `s` from `pool` (which it empties of what it buys), best value per credit first: a weighted
 * greedy set cover.
 */
function extend(s: PlanState, pool: PlanCandidate[], ctx: PlanContext): PlanState {
  while (pool.length) {
    // The best value per credit among what still fits; ties go to the test judging more new rules (it
    // spares a second purchase), then the cheaper one, then the key.
    let best = -1;
    let bestValue = -1;
    let bestNew = 0;
    let bestCost = 0;
    for (let i = 0; i < pool.length; i++) {
      const c = pool[i]!;
      const spend = costGiven(c, s.had);
      if (spend + Math.max(s.room, c.headroom ?? 0) + ctx.slack > ctx.budgetCredits - s.spent) continue;
      // Its price: what it spends, and the room it would add beyond what is kept free already (room the
      // other tests can no longer spend).
      const cost = spend + Math.max(0, (c.headroom ?? 0) - s.room);
      const fresh = c.rules.filter((id) => ctx.bound.has(id) && !s.judged.has(id)).length;
      // A test whose shared answers are bought already may cost nothing more: it is then bought at once
      // (a test the plan left out is SKIPPED, and this one would spend nothing).
      const value = cost > 0 ? fresh / cost : Infinity;
      const b = pool[best];
      const better =
        value > bestValue ||
        (value === bestValue &&
          b !== undefined &&
          (fresh > bestNew || (fresh === bestNew && (cost < bestCost || (cost === bestCost && c.key < b.key)))));
      if (better) {
        best = i;
        bestValue = value;
        bestNew = fresh;
        bestCost = cost;
      }
    }
    // Nothing fits; or what fits judges no new rule (bought only when the budget buys everything).
    if (best < 0 || (bestValue === 0 && !ctx.everything)) break;
    buy(s, pool.splice(best, 1)[0]!, ctx);
  }
  return s;
}

/** Local-search passes at most: each one keeps a plan judging more rules (or as many for less). */
const SWAP_PASSES = 20;

/**
 * Plans a run's paid tests within `budgetCredits`. A shared answer is paid by the first test bought
 * that reads it; for every later reader it is free. The greedy plan is then improved by single swaps:
 * a bought test is given up when the greedy refill of what it frees judges more budget-bound rules
 * (or as many for less). The greedy alone stops at the first test that no longer fits, and a budget's
 * last cents often buy more rules elsewhere.
 * @param testable the rules that count (selected, testable); others carried by a test are ignored
 */
export function planSpend(candidates: readonly PlanCandidate[], budgetCredits: number, testable: ReadonlySet<string>): SpendPlan {
  // A small headroom is priced as spend (ROOM_FROM); room for a charge certain to come back is room only.
  const smallRoom = new Map<string, number>();
  const priced = candidates.map((c) => {
    const small = c.headroom !== undefined && c.headroom < ROOM_FROM;
    if (small) smallRoom.set(c.key, c.headroom!);
    if (!small && !c.givenBack) return c;
    return {
      ...c,
      credits: small ? (c.credits ?? 0) + c.headroom! : c.credits,
      headroom: Math.max(small ? 0 : (c.headroom ?? 0), c.givenBack ?? 0),
    };
  });
  const none = new Set<string>();
  // A test that spends nothing but needs room (a charge given back as unbilled) is not free: a budget
  // without that room skips it.
  const needsBudget = (c: PlanCandidate) => costGiven(c, none) > 0 || (c.headroom ?? 0) > 0;
  const paid = priced.filter(needsBudget);
  const freeJudged = new Set(priced.filter((c) => !needsBudget(c)).flatMap((c) => c.rules));
  const bound = new Set(paid.flatMap((c) => c.rules).filter((id) => testable.has(id) && !freeJudged.has(id)));
  // Room kept free: the largest headroom among the tests bought, and the slack.
  const slack = Number.isFinite(budgetCredits) ? Math.floor(budgetCredits * SLACK_SHARE) : 0;
  // A budget that buys every paid test runs them all (the most thorough run); a smaller one buys coverage only.
  const allShared = new Map(paid.flatMap((c) => Object.entries(c.shared ?? {})));
  // (Never-measured tests aside: no finite budget buys them, `extend`.)
  const everything =
    paid.reduce((s, c) => s + (c.credits ?? 0), 0) +
      [...allShared.values()].reduce((a, b) => a + b, 0) +
      Math.max(0, ...paid.map((c) => c.headroom ?? 0)) +
      slack <=
    budgetCredits;
  const ctx: PlanContext = { budgetCredits, bound, slack, everything };
  let plan = extend(stateOf([], ctx), [...paid], ctx);
  for (let pass = 0; pass < SWAP_PASSES && !everything && plan.bought.length; pass++) {
    let better: PlanState | undefined;
    for (const dropped of plan.bought) {
      const kept = plan.bought.filter((c) => c !== dropped);
      const held = new Set(kept);
      // The refill may not buy the dropped test back: a swap that changes nothing is no swap.
      const next = extend(
        stateOf(kept, ctx),
        paid.filter((c) => c !== dropped && !held.has(c)),
        ctx,
      );
      if (next.judged.size > plan.judged.size || (next.judged.size === plan.judged.size && next.spent < plan.spent)) {
        better = next;
        break;
      }
    }
    if (!better) break;
    plan = better;
  }
  const { bought, spent, judged } = plan;
  const byFamily: Record<string, number> = {};
  const charged = new Set<string>();
  for (const c of bought) {
    const rules = c.rules.filter((id) => testable.has(id));
    const cost = costGiven(c, charged);
    for (const k of sharedKeys(c)) charged.add(k);
    for (const id of rules) byFamily[family(id)] = (byFamily[family(id)] ?? 0) + cost / rules.length;
  }
  for (const k of Object.keys(byFamily)) byFamily[k] = Math.round(byFamily[k]!);
  const boughtKeys = new Set(bought.map((c) => c.key));
  return {
    budgetCredits,
    credits: spent,
    bought: bought.map((c) => c.key),
    left: paid
      .filter((c) => !boughtKeys.has(c.key))
      .map((c) => ({
        key: c.key,
        credits: costGiven(c, none),
        ...(c.estimated ? { unmeasured: true as const } : {}),
      })),
    budgetBound: { rules: bound.size, judged: judged.size },
    byFamily,
    pricedRoom: bought.reduce((sum, c) => sum + (smallRoom.get(c.key) ?? 0), 0),
  };
}

/** The plan's lines for `--dry-run` and the run summary. */
export function planLines(plan: SpendPlan, budgetLabel: string): string[] {
  const usd = (c: number) => `$${(c / 1000).toFixed(3)}`;
  const unmeasured = plan.left.filter((l) => l.unmeasured).length;
  const pct = plan.budgetBound.rules ? Math.round((plan.budgetBound.judged / plan.budgetBound.rules) * 1000) / 10 : 100;
  const families = Object.entries(plan.byFamily)
    .sort((a, b) => b[1] - a[1])
    .map(([f, c]) => `${f} ${usd(c)}`);
  return [
    `Spend plan at ${budgetLabel}: ${usd(plan.credits)} in ${plan.bought.length} paid test(s); ${plan.left.length} paid test(s) left out (SKIPPED "budget: not in the spend plan")`,
    `  budget-bound rules judged: ${plan.budgetBound.judged} of ${plan.budgetBound.rules} (${pct}%)`,
    ...(unmeasured
      ? [
          `  of those left out, ${unmeasured} never measured (new, or their declared rules changed): priced as their file's dearest test; re-measure with scripts/request-plan.ts`,
        ]
      : []),
    ...(plan.pricedRoom
      ? [`  of the plan, ${usd(plan.pricedRoom)} is reserve priced as spend (small headrooms of bought tests): the run may spend less`]
      : []),
    ...(families.length ? [`  per family: ${families.join(', ')}`] : []),
  ];
}
