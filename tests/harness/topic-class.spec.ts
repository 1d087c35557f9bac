/**
 * The harness's reading of a row's topic (checks/availability.ts classifyTopic): an exclusion is expected only
 * where the row is unambiguous (gap TOPIC-010). Cases from the clean-room implementations (issue 32 triage).
 */
import { test, expect } from '@playwright/test';
import { classifyTopic } from '../../checks/availability.ts';

const crypto = (question: string) => ({ tags: ['crypto'], categories: ['Crypto'], question });

test('crypto up/down: fifteen-minute and hourly settles are excluded, other sub-daily windows unclear, daily and longer in scope', () => {
  expect(classifyTopic(crypto('Bitcoin up or down in the next hour?'))).toBe('crypto_up_down');
  expect(classifyTopic(crypto('Will ETH be up in the next 15 minutes?'))).toBe('crypto_up_down');
  expect(classifyTopic(crypto('Bitcoin up or down (hourly)?'))).toBe('crypto_up_down');
  expect(classifyTopic(crypto('Bitcoin up or down over the next 4 hours?'))).toBe('unclear');
  expect(classifyTopic(crypto('Bitcoin up or down on November 29?'))).toBe('crypto_in_scope');
  expect(classifyTopic({ tags: ['sports'], categories: [], question: 'Who wins?' })).toBe('sports');
});
