import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from './icons.tsx';

export type MenuItem =
  | { key: string; label: string; icon?: IconName; to: string }
  | { key: string; label: string; icon?: IconName; onSelect: () => void };

const menuItemsOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * A button that opens a menu (WAI-ARIA menu button pattern): arrow keys, Home and End move between items,
 * Escape closes and returns focus to the button, a click outside or Tab closes.
 */
export function MenuButton({
  buttonLabel,
  nameFromContent = false,
  buttonContent,
  header,
  items,
  className,
}: {
  /** The menu's accessible name, and the button's unless `nameFromContent`. */
  buttonLabel: string;
  /**
   * The button's content holds its whole name (visible words, plus a visually hidden prefix if needed), so no
   * aria-label replaces what is shown (WCAG 2.5.3, label in name).
   */
  nameFromContent?: boolean;
  buttonContent: ReactNode;
  /** Shown above the items, not focusable (e.g. the signed-in account). */
  header?: ReactNode;
  items: MenuItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    const list = menuItemsOf(menu.current);
    (focusOnOpen.current === 'first' ? list[0] : list.at(-1))?.focus();
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openMenu(focus: 'first' | 'last') {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItemsOf(menu.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  }

  return (
    <div className={className ? `menu-button ${className}` : 'menu-button'}>
      <button
        ref={button}
        type="button"
        className="menu-button__trigger"
        aria-label={nameFromContent ? undefined : buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent}
      </button>
      {open ? (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={buttonLabel}
          className="menu"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          {header ? <div className="menu__header">{header}</div> : null}
          {items.map((item) =>
            'to' in item ? (
              <Link
                key={item.key}
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                className="menu__item"
                onClick={() => close(false)}
              >
                {item.icon ? <Icon name={item.icon} /> : null}
                {item.label}
              </Link>
            ) : (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu__item"
                onClick={() => {
                  close(false);
                  item.onSelect();
                }}
              >
                {item.icon ? <Icon name={item.icon} /> : null}
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
