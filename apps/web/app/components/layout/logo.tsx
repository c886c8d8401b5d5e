import type { SVGProps } from 'react';

/** The toolkit mark: two angle brackets around a dot, in the brand colour. */
export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" {...props}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M12.5 10.5 7 16l5.5 5.5M19.5 10.5 25 16l-5.5 5.5"
        fill="none"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-primary-foreground"
      />
      <circle cx="16" cy="16" r="2.2" className="fill-brand dark:fill-brand" />
    </svg>
  );
}
