/** Public API of the stub's social research: profiles (POST /api/v1/x/profile) and search (POST /api/v1/x/search). */
export { parseProfileRequest, parseSearchRequest } from './validate.ts';
export { profileFor, MIN_GROUNDED_POSTS } from './profile.ts';
export { searchPosts } from './search.ts';
export type * from './model.ts';
