import { Menu, Menubar } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '@/components/icons.tsx';
import { isItemActive, type MenuGroup } from '@/config/menu-model.ts';
import classes from './top-menu.module.css';

interface TopMenuProps {
  groups: readonly MenuGroup[];
}

/** SPEC §2: the menu at 1024 px and wider, one dropdown per group (WAI-ARIA menubar: arrows move between groups). */
export function TopMenu({ groups }: TopMenuProps) {
  const { pathname } = useLocation();
  return (
    <Menubar aria-label="Main menu" className={classes.bar} data-testid="top-menu">
      {groups.map((group) => {
        const current = group.items.some((item) => isItemActive(item, pathname));
        return (
          <Menubar.Menu key={group.id} width={220} position="bottom-start" offset={6}>
            <Menubar.Target className={classes.target} data-current={current || undefined}>
              {group.label}
              <ChevronDownIcon size={14} />
            </Menubar.Target>
            <Menubar.Dropdown aria-label={group.label}>
              {group.items.map((item) => {
                const active = isItemActive(item, pathname);
                return (
                  <Menu.Item
                    key={item.route}
                    component={Link}
                    to={item.href}
                    className={classes.item}
                    data-current={active || undefined}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </Menu.Item>
                );
              })}
            </Menubar.Dropdown>
          </Menubar.Menu>
        );
      })}
    </Menubar>
  );
}
