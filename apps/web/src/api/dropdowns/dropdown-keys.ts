/**
 * Every /dropdown/* answer is cached under a key that starts here (office options, SMS offices, all
 * offices, outgoing caller ids, smart dial, reference lists), so a change to an office refreshes every
 * office choice on screen with one invalidation.
 */
export const dropdownKeys = {
  all: ['dropdown'] as const,
};
