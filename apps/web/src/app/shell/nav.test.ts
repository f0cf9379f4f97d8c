import { describe, expect, it } from 'vitest';
import { ROLES } from '@tt/domain';
import { isUpcoming, paths, upcomingScreens } from '../../lib/paths';
import { navGroups, visibleGroups } from './nav';

describe('the menu', () => {
  it('links no role to a screen that is still on its way', () => {
    for (const role of ROLES) {
      const links = visibleGroups(role).flatMap((g) => g.entries.map((e) => e.path));
      expect(links.filter(isUpcoming), role).toEqual([]);
      expect(links, role).toContain(paths.dashboard);
    }
  });

  it('keeps every working screen of a group the role may see, and drops a group left empty', () => {
    const admin = visibleGroups('admin');
    const all = navGroups.flatMap((g) => g.entries.map((e) => e.path));
    const working = all.filter((p) => !isUpcoming(p));
    expect(admin.flatMap((g) => g.entries.map((e) => e.path)).sort()).toEqual([...working].sort());
    expect(admin.every((g) => g.entries.length > 0)).toBe(true);
    // Each upcoming screen is a real entry of the spec's menu, so it returns to the menu once it lands.
    expect(Object.keys(upcomingScreens).every((p) => all.includes(p))).toBe(true);
  });

  it('shows an entry with its own permission only to the roles that hold it', () => {
    const links = (role: (typeof ROLES)[number]) =>
      visibleGroups(role).flatMap((g) => g.entries.map((e) => e.path));
    expect(links('admin')).toContain(paths.performance);
    for (const role of ROLES.filter((r) => r !== 'admin'))
      expect(links(role), role).not.toContain(paths.performance);
  });
});
