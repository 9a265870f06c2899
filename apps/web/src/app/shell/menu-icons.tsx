import type { ComponentType } from 'react';
import {
  BriefcaseIcon,
  CalendarIcon,
  LayoutIcon,
  MegaphoneIcon,
  MessageIcon,
  ReceiptIcon,
  ShieldIcon,
  WalletIcon,
} from '@/components/icons.tsx';
import type { MenuGroupId } from '@/config/menu-model.ts';

/** One glyph per menu group, so the sidebar scans quickly; the top menu shows labels only. */
export const MENU_GROUP_ICONS: Record<MenuGroupId, ComponentType<{ size?: number }>> = {
  dashboard: LayoutIcon,
  accounting: ReceiptIcon,
  communication: MessageIcon,
  appointments: CalendarIcon,
  marketing: MegaphoneIcon,
  management: BriefcaseIcon,
  collections: WalletIcon,
  adminPanel: ShieldIcon,
};
