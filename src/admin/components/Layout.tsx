import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { api } from '../api/client';
import { useSignOut, useStaff } from '../api/session';
import type { Dashboard } from '../api/types';
import { hasCapability, type StaffCapability } from '../../contract/admin';
import { useI18n } from '../i18n';
import { Icon, type IconName } from './Icon';
import { LanguageSwitch } from './LanguageSwitch';
import { LoadingState } from './States';

type NavGroup = 'sales' | 'catalog' | 'selling' | 'marketing' | 'site' | 'shop';
type NavItem = {
  group?: NavGroup;
  to: string;
  label: string;
  icon: IconName;
  count?: number | undefined;
  end?: boolean;
  /** shown only to staff with this capability (the API refuses the others as well) */
  capability?: StaffCapability;
  primary?: boolean;
};

export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: () => api.get<Dashboard>('/dashboard'), refetchInterval: 60_000 });
}

/** The frame of every signed-in screen: sidebar on wide screens, a top bar with a menu and a bottom bar on phones. */
export default function Layout() {
  const { t } = useI18n();
  const staff = useStaff();
  const signOut = useSignOut();
  const dashboard = useDashboard().data;
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const allItems: NavItem[] = [
    { to: '/', label: t('nav.dashboard'), icon: 'home', end: true, primary: true },
    { to: '/orders', label: t('nav.orders'), icon: 'orders', count: dashboard?.awaitingDeliveryPrice, primary: true },
    {
      to: '/moderation',
      label: t('nav.moderation'),
      icon: 'moderation',
      count: dashboard ? dashboard.pendingReviews + dashboard.pendingComments : undefined,
      primary: true,
    },
    { to: '/leads', label: t('nav.leads'), icon: 'leads', count: dashboard?.newLeads, primary: true },
    { to: '/customers', label: t('nav.customers'), icon: 'customers' },
    { to: '/reports', label: t('nav.reports'), icon: 'reports' },
    { group: 'catalog', to: '/products', label: t('nav.products'), icon: 'products' },
    { group: 'catalog', to: '/catalogs', label: t('nav.catalogs'), icon: 'catalogs' },
    { group: 'catalog', to: '/media', label: t('nav.media'), icon: 'media' },
    { group: 'selling', to: '/discounts', label: t('nav.discounts'), icon: 'discounts' },
    { group: 'selling', to: '/delivery', label: t('nav.delivery'), icon: 'delivery' },
    { group: 'selling', to: '/payments', label: t('nav.payments'), icon: 'payments' },
    { group: 'selling', to: '/feeds', label: t('nav.feeds'), icon: 'feeds' },
    { group: 'marketing', to: '/marketing/recovery', label: t('nav.recovery'), icon: 'recovery', capability: 'marketing' },
    { group: 'marketing', to: '/marketing/back-in-stock', label: t('nav.backInStock'), icon: 'bell', capability: 'marketing' },
    { group: 'site', to: '/builder', label: t('nav.builder'), icon: 'builder' },
    { group: 'site', to: '/articles', label: t('nav.articles'), icon: 'articles' },
    { group: 'site', to: '/menus', label: t('nav.menus'), icon: 'menus' },
    { group: 'site', to: '/redirects', label: t('nav.redirects'), icon: 'redirects' },
    { group: 'shop', to: '/settings', label: t('nav.settings'), icon: 'settings' },
    { group: 'shop', to: '/staff', label: t('nav.staff'), icon: 'staff', capability: 'manage_staff' },
    { group: 'shop', to: '/integrations', label: t('nav.integrations'), icon: 'integrations', capability: 'integrations' },
    { group: 'shop', to: '/audit', label: t('nav.audit'), icon: 'audit', capability: 'view_audit' },
    { group: 'shop', to: '/account', label: t('nav.account'), icon: 'account' },
  ];
  const items = allItems.filter((item) => !item.capability || hasCapability(staff.role, item.capability));

  const links = (variant: 'side' | 'bottom') =>
    items
      .filter((item) => variant === 'side' || item.primary)
      .map((item, index, shown) => (
        <li key={item.to}>
          {variant === 'side' && item.group && item.group !== shown[index - 1]?.group ? (
            <span className="nav-group">{t(`nav.groups.${item.group}`)}</span>
          ) : null}
          <NavLink to={item.to} end={item.end ?? false} className={({ isActive }) => (isActive ? 'nav-link is-active' : 'nav-link')}>
            <Icon name={item.icon} />
            <span className="nav-label">{item.label}</span>
            {item.count ? (
              <span className="nav-count" aria-label={t('nav.waiting', { count: item.count })}>
                {item.count}
              </span>
            ) : null}
          </NavLink>
        </li>
      ));

  const staffBlock = (
    <div className="staff">
      <div className="staff-name">{staff.name || staff.email}</div>
      <div className="staff-role">{t(`roles.${staff.role}`)}</div>
      <LanguageSwitch />
      <button type="button" className="btn btn-ghost btn-block" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        <Icon name="signOut" /> {t('nav.signOut')}
      </button>
    </div>
  );

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#admin-main"
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('nav.skip')}
      </a>
      <aside className="sidebar" aria-label={t('nav.main')}>
        <div className="brand">
          <a href="/" target="_blank" rel="noopener">
            {t('nav.brand')}
          </a>
        </div>
        <nav aria-label={t('nav.main')}>
          <ul className="nav-list">{links('side')}</ul>
        </nav>
        {staffBlock}
      </aside>
      <header className="topbar">
        <button
          type="button"
          className="btn btn-icon"
          aria-expanded={drawerOpen}
          aria-controls="admin-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <Icon name="menu" />
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        <span className="brand">{t('nav.brand')}</span>
        <span className="topbar-name">{staff.name || staff.email}</span>
      </header>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} label={t('nav.menu')}>
        <nav aria-label={t('nav.main')}>
          <ul className="nav-list">{links('side')}</ul>
        </nav>
        {staffBlock}
      </Drawer>
      <main id="admin-main" ref={mainRef} tabIndex={-1} className="main">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <nav className="bottombar" aria-label={t('nav.quick')}>
        <ul>{links('bottom')}</ul>
      </nav>
    </div>
  );
}

function Drawer({ open, onClose, label, children }: { open: boolean; onClose: () => void; label: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useI18n();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id="admin-drawer"
      className="drawer"
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="drawer-box">
        <button type="button" className="btn btn-icon drawer-close" onClick={onClose} aria-label={t('common.close')}>
          ×
        </button>
        {children}
      </div>
    </dialog>
  );
}
