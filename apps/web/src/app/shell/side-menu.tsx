import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MENU_GROUP_ICONS } from './menu-icons.tsx';
import { activeGroupId, isItemActive, type MenuGroup, type MenuGroupId } from '@/config/menu-model.ts';
import classes from './side-menu.module.css';

interface SideMenuProps {
  groups: readonly MenuGroup[];
  /** Called when an item is chosen, so the overlay sidebar can close. */
  onNavigate: () => void;
}

/** SPEC §2: the sidebar below 1024 px; the same groups as the top menu, the current one expanded. */
export function SideMenu({ groups, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const current = activeGroupId(groups, pathname);
  const [expanded, setExpanded] = useState<ReadonlySet<MenuGroupId>>(() => new Set(current ? [current] : []));

  const toggle = (id: MenuGroupId) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ScrollArea type="auto" h="100%" offsetScrollbars="y">
      <Stack component="ul" gap={2} p="xs" m={0} style={{ listStyle: 'none' }}>
        {groups.map((group) => {
          const Icon = MENU_GROUP_ICONS[group.id];
          const opened = expanded.has(group.id);
          const listId = `side-menu-${group.id}`;
          return (
            <li key={group.id}>
              <NavLink
                component="button"
                type="button"
                label={group.label}
                leftSection={<Icon size={18} />}
                opened={opened}
                onChange={() => toggle(group.id)}
                aria-expanded={opened}
                aria-controls={listId}
                className={`${classes.group} ${group.id === current ? classes.groupCurrent : ''}`}
                childrenOffset={30}
              >
                <ul id={listId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {group.items.map((item) => {
                    const active = isItemActive(item, pathname);
                    return (
                      <li key={item.route}>
                        <NavLink
                          component={Link}
                          to={item.href}
                          label={item.label}
                          active={active}
                          aria-current={active ? 'page' : undefined}
                          className={classes.item}
                          onClick={onNavigate}
                        />
                      </li>
                    );
                  })}
                </ul>
              </NavLink>
            </li>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
