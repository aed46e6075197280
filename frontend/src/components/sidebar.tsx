import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { Icon, type IconName } from './icons.tsx';
import {
  isSidebarShortcut,
  MOBILE_BREAKPOINT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  sidebarCookie,
} from './sidebar-state.ts';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** True below the spec's 768 px breakpoint. */
export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery);
}

interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to icons (false). */
  open: boolean;
  /** Change the desktop state; `persist: false` for automatic changes the user did not ask for. */
  setOpen: (open: boolean, options?: { persist?: boolean }) => void;
  isMobile: boolean;
  /** Mobile: the drawer is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  /** Ctrl/Cmd+b and the trigger: the drawer on mobile, the collapse state on desktop. */
  toggle: () => void;
  sidebarId: string;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar() outside <SidebarProvider>');
  return value;
}

export function SidebarProvider({
  defaultOpen,
  children,
  className,
}: {
  defaultOpen: boolean;
  children: ReactNode;
  className?: string;
}) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);
  const sidebarId = useId();

  const setOpen = useCallback((value: boolean, { persist = true }: { persist?: boolean } = {}) => {
    setOpenState(value);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
    if (persist) document.cookie = sidebarCookie(value, window.location.protocol === 'https:');
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  // Leaving the mobile width closes the drawer, so it does not reappear on the next narrowing.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo(
    () => ({ open, setOpen, isMobile, openMobile, setOpenMobile, toggle, sidebarId }),
    [open, setOpen, isMobile, openMobile, toggle, sidebarId],
  );
  const style = {
    '--sidebar-width': SIDEBAR_WIDTH,
    '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
    '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
  } as CSSProperties;

  return (
    <SidebarContext value={value}>
      <div
        className={className ? `sidebar-wrapper ${className}` : 'sidebar-wrapper'}
        data-sidebar={isMobile ? 'mobile' : open ? 'expanded' : 'collapsed'}
        style={style}
      >
        {children}
      </div>
    </SidebarContext>
  );
}

/** The navigation column on desktop; a modal slide-in drawer below 768 px. */
export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { isMobile, open, openMobile, setOpenMobile, sidebarId } = useSidebar();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (openMobile && !element.open) element.showModal();
    if (!openMobile && element.open) element.close();
  }, [openMobile]);

  if (isMobile) {
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; keyboards close with Escape
      <dialog
        ref={dialog}
        id={sidebarId}
        className="sidebar sidebar--drawer"
        aria-label={label}
        onClose={() => setOpenMobile(false)}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog itself.
          if (event.target === event.currentTarget) setOpenMobile(false);
        }}
      >
        <nav className="sidebar__inner" aria-label={label}>
          {children}
        </nav>
      </dialog>
    );
  }
  return (
    <aside id={sidebarId} className="sidebar" data-state={open ? 'expanded' : 'collapsed'}>
      <nav className="sidebar__inner" aria-label={label}>
        {children}
      </nav>
    </aside>
  );
}

export function SidebarTrigger({ label }: { label: string }) {
  const { isMobile, open, openMobile, toggle, sidebarId } = useSidebar();
  return (
    <button
      type="button"
      className="icon-button sidebar-trigger"
      aria-label={label}
      aria-controls={sidebarId}
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={toggle}
    >
      <Icon name="panel" />
    </button>
  );
}

export function SidebarHeader({ children }: { children: ReactNode }) {
  return <div className="sidebar__header">{children}</div>;
}

export function SidebarContent({ children }: { children: ReactNode }) {
  return <div className="sidebar__content">{children}</div>;
}

export function SidebarFooter({ children }: { children: ReactNode }) {
  return <div className="sidebar__footer">{children}</div>;
}

export function SidebarGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="sidebar__group" aria-labelledby={id}>
      <h2 id={id} className="sidebar__group-label">
        {label}
      </h2>
      <ul className="sidebar__menu">{children}</ul>
    </section>
  );
}

export function SidebarLink({
  to,
  icon,
  label,
  end,
  activeOn = [],
}: {
  to: string;
  icon: IconName;
  label: string;
  end?: boolean;
  /** Other paths under this entry (a page with no entry of its own): the entry is highlighted there too. */
  activeOn?: readonly string[];
}) {
  const { isMobile, open } = useSidebar();
  const { pathname } = useLocation();
  const title = isMobile || open ? label : undefined;
  const content = (
    <>
      <Icon name={icon} />
      <span className="sidebar__label">{label}</span>
    </>
  );
  // NavLink sets aria-current only on its own path; on a related page the entry says so itself ("true":
  // the current page belongs to it, without being it).
  const related = activeOn.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  return (
    <li className="sidebar__item">
      {/* Expanded, a label past two lines ends in an ellipsis: the title shows it whole. Collapsed, the label
          is the tooltip itself. */}
      {related ? (
        <Link to={to} className="sidebar__link" aria-current="true" title={title}>
          {content}
        </Link>
      ) : (
        <NavLink to={to} end={end} className="sidebar__link" title={title}>
          {content}
        </NavLink>
      )}
    </li>
  );
}
