import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/**
 * A link to a configured address (Store Guide, privacy policy): the product's own pages (a path such as
 * /guide) open in the app; an address elsewhere (STORE_GUIDE_URL, PRIVACY_POLICY_URL) in a new tab.
 */
export function SiteLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <NavLink to={href} className={className}>
        {children}
      </NavLink>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
