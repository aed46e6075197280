import { useTranslation } from 'react-i18next';
import { MenuButton, type MenuItem } from '../../../components/menu-button.tsx';
import type { SessionUser } from '../../../lib/auth.tsx';
import { displayName, initials } from '../../../lib/auth-links.ts';

/** Avatar, name and e-mail, opening Account settings, Admin panel (staff) and Logout. */
export function UserMenu({
  user,
  staff,
  onLogout,
}: {
  user: SessionUser;
  staff: boolean;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const fallback = t('shell.user.fallbackName');
  const name = displayName(user.firstName, user.lastName, fallback);
  const items: MenuItem[] = [
    { key: 'account', label: t('shell.user.accountSettings'), icon: 'settings', to: '/account-settings' },
    ...(staff
      ? [{ key: 'admin', label: t('shell.user.adminPanel'), icon: 'shield', to: '/admin' } as const]
      : []),
    { key: 'logout', label: t('shell.user.logout'), icon: 'logOut', onSelect: onLogout },
  ];

  return (
    <MenuButton
      className="user-menu"
      buttonLabel={`${t('shell.user.menu')}: ${name}`}
      nameFromContent
      buttonContent={
        <>
          <span className="visually-hidden">{`${t('shell.user.menu')}: `}</span>
          <span className="avatar" aria-hidden="true">
            {initials(user.firstName, user.lastName, user.email, fallback)}
          </span>
          <span className="user-menu__text">
            <span className="user-menu__name">{name}</span>
            {user.email ? <span className="user-menu__email">{user.email}</span> : null}
          </span>
        </>
      }
      header={
        <>
          <span className="user-menu__name">{name}</span>
          {user.email ? <span className="user-menu__email">{user.email}</span> : null}
        </>
      }
      items={items}
    />
  );
}
