/** Public API of the stub's social research: profiles (POST /api/v1/x/profile) and search (POST /api/v1/x/search). */
export { parseProfileRequest, parseSearchRequest, HANDLE_PATTERN } from './validate.ts';
export { profileFor, buildProfile, windowOf, MIN_GROUNDED_POSTS, CACHE_MAX_AGE_MS, type SocialProfile } from './profile.ts';
export { searchPosts, type SearchResponse } from './search.ts';
export { corpusFor, type Corpus } from './corpus.ts';
export type * from './model.ts';
