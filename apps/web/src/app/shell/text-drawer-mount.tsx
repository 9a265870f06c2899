import { lazy, Suspense } from 'react';
import { useTextDrawer } from '@/features/sms/text-drawer-store.ts';

// The drawer's code loads on its first opening, not with the first screen (DESIGN §4).
const TextDrawer = lazy(() =>
  import('@/features/sms/components/text-drawer.tsx').then((m) => ({ default: m.TextDrawer })),
);

/**
 * The one Text Message drawer of the app (SPEC §2). The quick action, the notification bell, list rows
 * and the client and inquiry screens open it through the store; it mounts once first asked for.
 */
export function TextDrawerMount() {
  const { openCount } = useTextDrawer();
  if (openCount === 0) return null;
  return (
    <Suspense fallback={null}>
      <TextDrawer />
    </Suspense>
  );
}
