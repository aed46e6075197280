import type { SVGProps } from 'react';

// Line icons in the style of components/icons.tsx (24×24, 2 px stroke), for the editor's own actions.
const paths = {
  grip: 'M9 5h.01 M15 5h.01 M9 12h.01 M15 12h.01 M9 19h.01 M15 19h.01',
  pencil: 'M4 20h4L18.5 9.5a2.1 2.1 0 0 0-4-4L4 16z M13.5 6.5l4 4',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18 M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4 M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6 M9.9 9.9a3 3 0 0 0 4.2 4.2',
  trash: 'M4 7h16 M10 11v6 M14 11v6 M6 7l1 13h10l1-13 M9 7V4h6v3',
  plus: 'M12 5v14 M5 12h14',
  alert: 'M12 4L2.5 20h19z M12 10v4 M12 17h.01',
  reset: 'M3 12a9 9 0 1 0 3-6.7L3 8 M3 3v5h5',
  chevronRight: 'M9 6l6 6-6 6',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21a8 8 0 0 1 16 0',
  check: 'M5 12l5 5L20 7',
  flag: 'M5 21V4 M5 4h12l-2.5 4.5L17 13H5',
  collapse: 'M7 14l5-5 5 5 M7 20l5-5 5 5',
  expand: 'M7 4l5 5 5-5 M7 10l5 5 5-5',
} as const;

export type EditorIconName = keyof typeof paths;

/** Decorative: every button using one has its own text or label. */
export function EditorIcon({
  name,
  size = 18,
  ...props
}: { name: EditorIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'grip' ? 3 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
