import { describe, expect, it } from 'vitest';
import { ROLES } from '@tt/domain';
import { paths } from '../../lib/paths';
import { navGroups, visibleGroups } from './nav';

describe('the menu', () => {
  it('links every role only to paths of the app, the dashboard among them', () => {
    const known = new Set<string>(Object.values(paths).filter((p) => typeof p === 'string'));
    for (const role of ROLES) {
      const links = visibleGroups(role).flatMap((g) => g.entries.map((e) => e.path));
      expect(
        links.filter((p) => !known.has(p)),
        role,
      ).toEqual([]);
      expect(links, role).toContain(paths.dashboard);
    }
  });

  it('shows an admin every entry of the menu, and drops a group left empty', () => {
    const admin = visibleGroups('admin');
    const all = navGroups.flatMap((g) => g.entries.map((e) => e.path));
    expect(admin.flatMap((g) => g.entries.map((e) => e.path)).sort()).toEqual([...all].sort());
    expect(admin.every((g) => g.entries.length > 0)).toBe(true);
    // Spec 1 §2's menu holds the last screens to land, each a working screen now.
    for (const path of [paths.security, paths.integrations, paths.analytics]) expect(all).toContain(path);
  });

  it('shows an entry with its own permission only to the roles that hold it', () => {
    const links = (role: (typeof ROLES)[number]) =>
      visibleGroups(role).flatMap((g) => g.entries.map((e) => e.path));
    expect(links('admin')).toContain(paths.performance);
    for (const role of ROLES.filter((r) => r !== 'admin'))
      expect(links(role), role).not.toContain(paths.performance);
  });

  it('shows People to administrators alone: a coordinator has the enterprise group without it', () => {
    const enterprise = (role: (typeof ROLES)[number]) =>
      visibleGroups(role)
        .find((g) => g.id === 'enterprise')
        ?.entries.map((e) => e.path);
    expect(enterprise('admin')).toContain(paths.people);
    expect(enterprise('coordinator')).toContain(paths.reports);
    expect(enterprise('coordinator')).not.toContain(paths.people);
    for (const role of ROLES.filter((r) => r !== 'admin'))
      expect(
        visibleGroups(role).flatMap((g) => g.entries.map((e) => e.path)),
        role,
      ).not.toContain(paths.people);
  });
});
