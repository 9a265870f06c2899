/**
 * The users module's query keys that several features share: the signed-in user (the session reads it; the
 * profile drawer and the dashboard switcher write their answers into it).
 */
export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};
